import type { FastifyBaseLogger } from 'fastify';
import type { PlantCatalog } from '../../plant/catalog/plant-catalog.ts';
import type { EventHub } from '../../plant/hub/event-hub.ts';
import type { IngestOutage } from './historian-ingest.ts';
import type { HistorianRepository } from './historian-repository.ts';

/** What every use case of the historian works with. */
export interface HistorianContext {
  repo: HistorianRepository;
  /** The plant's address map: devices, commands, their labels and units. */
  catalog: () => Promise<PlantCatalog>;
  hub: EventHub;
  logger: FastifyBaseLogger;
  /** Epoch ms; tests drive it. */
  clock: () => number;
  /** Told when the database refuses samples and when it takes them again: the alarms. */
  outage: IngestOutage;
}
