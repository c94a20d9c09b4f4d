import type { FastifyBaseLogger } from 'fastify';
import {
  dcmdTagKey,
  mergePlantDataConfig,
  publicPlantDataConfig,
  type PlantDataConfigBody,
  type PlantDataSettings,
  type PlantDataStatus,
} from '@roastery/contract';
import type { ConfigChanged } from '../../plant/hub/config-changes.ts';
import type { EventHub } from '../../plant/hub/event-hub.ts';
import type { PlantRuntime } from '../../plant/runtime/plant-runtime.ts';
import type { PlantDataRepository } from './plant-data-repository.ts';
import type { PlantCatalog } from '../../plant/catalog/plant-catalog.ts';
import { dcmdWriter, type DcmdWriterDeps } from './dcmd-writer.ts';
import { PlantDataSession } from './plant-data-session.ts';

const OFF: PlantDataStatus = {
  state: 'off',
  error: null,
  queued: 0,
  dropped: 0,
  published: 0,
  bd_seq: null,
  refused_commands: 0,
  written_commands: 0,
};

export interface PlantDataServiceDeps {
  repo: PlantDataRepository;
  hub: EventHub;
  runtime: Pick<PlantRuntime, 'catalog' | 'snapshot'>;
  /** The running plant's catalog, or the stored one before the plant runs. */
  catalog: () => Promise<PlantCatalog>;
  devices: DcmdWriterDeps['devices'];
  accounts: DcmdWriterDeps['accounts'];
  configChanged: ConfigChanged;
  clock: () => number;
  logger: FastifyBaseLogger;
}

/**
 * Publishing the plant's data to an MQTT broker: while the plant runs on this instance and an
 * administrator has turned it on. Saving the configuration reconnects with it.
 */
export class PlantDataService {
  readonly #deps: PlantDataServiceDeps;
  #running = false;
  #session: PlantDataSession | undefined;
  /** Starts, stops and saves one after another, so two sessions never overlap. */
  #turn: Promise<void> = Promise.resolve();

  constructor(deps: PlantDataServiceDeps) {
    this.#deps = deps;
  }

  async settings(): Promise<PlantDataSettings> {
    return {
      config: publicPlantDataConfig(await this.#deps.repo.load()),
      status: this.status(),
      writable_tags: writableTags(await this.#deps.catalog()),
    };
  }

  status(): PlantDataStatus {
    return this.#session?.status() ?? OFF;
  }

  async save(body: PlantDataConfigBody, by: string): Promise<PlantDataSettings> {
    await this.#inTurn(async () => {
      const stored = await this.#deps.repo.load();
      const config = mergePlantDataConfig(stored, body);
      await this.#deps.repo.save(config, by);
      const turned = config.enabled === stored.enabled ? 'edited' : config.enabled ? 'on' : 'off';
      this.#deps.configChanged({
        area: 'plant-data',
        action: turned === 'edited' ? 'edited' : `turned ${turned}`,
        target: 'MQTT broker',
        by,
      });
      if (this.#running) await this.#open();
    });
    return this.settings();
  }

  /** With the plant: connects if publishing is on. The broker is not waited for. */
  start(): Promise<void> {
    return this.#inTurn(async () => {
      this.#running = true;
      await this.#open();
    });
  }

  stop(): Promise<void> {
    return this.#inTurn(async () => {
      this.#running = false;
      await this.#close();
    });
  }

  async #open(): Promise<void> {
    await this.#close();
    const config = await this.#deps.repo.load();
    if (!config.enabled || (!config.json_enabled && !config.sparkplug_enabled)) return;
    const { hub, runtime, clock, logger, devices, accounts } = this.#deps;
    this.#session = new PlantDataSession({
      config,
      hub,
      catalog: () => runtime.catalog(),
      values: () => runtime.snapshot().values,
      clock,
      logger,
      command: dcmdWriter({ config, devices, accounts, logger }),
    });
  }

  async #close(): Promise<void> {
    const session = this.#session;
    this.#session = undefined;
    await session?.stop();
  }

  #inTurn(work: () => Promise<void>): Promise<void> {
    const next = this.#turn.then(work);
    this.#turn = next.catch(() => undefined);
    return next;
  }
}

/** The tags a DCMD could be enabled for: those the console writes, of the real devices. */
function writableTags(catalog: PlantCatalog): PlantDataSettings['writable_tags'] {
  return catalog.definition.tags.flatMap((tag) => {
    const device = catalog.device(tag.device_id);
    const command = catalog.command(tag.command_kind, tag.command_id);
    if (!device || device.virtual || command?.owner !== 'app') return [];
    return [{ key: dcmdTagKey(tag), label: `${device.device_name}: ${command.label}` }];
  });
}
