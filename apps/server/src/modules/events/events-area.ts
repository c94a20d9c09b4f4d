import type { Database } from '@roastery/db';
import type { FastifyBaseLogger } from 'fastify';
import type { AreaRoutes } from '../../lib/area.ts';
import type { EventHub } from '../../plant/hub/event-hub.ts';
import { EventLogRepository } from './event-log-repository.ts';
import { EventLogService } from './event-log-service.ts';
import { EventRecorder, type EventRecorderDeps } from './event-recorder.ts';
import { eventRoutes } from './event-routes.ts';

/** What the events log's recorder needs: it names what the events are about. */
export interface EventRecorderNeeds {
  hub: EventHub;
  eventLog: EventLogService;
  /** Built by the devices area from its directory. */
  deviceRef: EventRecorderDeps['deviceRef'];
  workflows: { workflow(id: number): Promise<{ name: string } | undefined> };
  dumps: { get(id: number): ReturnType<EventRecorderDeps['dump']> };
  transfers: { get(id: number): ReturnType<EventRecorderDeps['transfer']> };
  logger: FastifyBaseLogger;
}

const routes: AreaRoutes<{ eventLog: EventLogService }> = async (api, { services }) => {
  await api.register(eventRoutes, { prefix: '/event', eventLog: services.eventLog });
};

/**
 * The events log. Its service comes first, as the PLC alarms and the devices write to it; the
 * recorder that fills it from the hub comes once the areas it names are built.
 */
export const eventsArea = {
  log: ({ db }: { db: Database }) => ({
    eventLog: new EventLogService(new EventLogRepository(db)),
  }),
  build: (needs: EventRecorderNeeds) => {
    const { workflows, dumps, transfers, logger } = needs;
    const eventRecorder = new EventRecorder({
      hub: needs.hub,
      eventLog: needs.eventLog,
      deviceRef: needs.deviceRef,
      workflowName: async (id) => (await workflows.workflow(id))?.name,
      dump: (id) => dumps.get(id).catch(() => undefined),
      transfer: (id) => transfers.get(id).catch(() => undefined),
      onError: (err, event) => logger.error({ err, event: event.type }, 'event not logged'),
    });
    eventRecorder.start();
    return { eventRecorder };
  },
  routes,
};
