import type { FastifyBaseLogger } from 'fastify';
import type { WorkflowEngine } from '@roastery/engine';
import type { DatabaseHandle } from '@roastery/db';
import type { Config } from '../config.ts';
import { PlantCatalog } from './catalog/plant-catalog.ts';
import type { Cluster } from './cluster/cluster.ts';
import { LeaderRequestRepository } from './cluster/leader-request-repository.ts';
import { LeaderRequests } from './cluster/leader-requests.ts';
import { configChanges } from './hub/config-changes.ts';
import { EventHub } from './hub/event-hub.ts';
import { PlantRepository } from './runtime/plant-repository.ts';
import { PlantRuntime, type PlantRuntimeDeps } from './runtime/plant-runtime.ts';
import { RunSettlement } from './settlement/run-settlement.ts';

/** What every area may build on: the database, the hub and the plant's stored definition. */
export function plantCore(needs: {
  config: Config;
  database: DatabaseHandle;
  logger: FastifyBaseLogger;
  cluster: Cluster | undefined;
}) {
  const { config, logger, cluster } = needs;
  const { db } = needs.database;
  const hub = new EventHub({
    ...(cluster ? { transport: cluster.transport } : {}),
    onError: (err, event) => logger.error({ err, event: event.type }, 'hub subscriber failed'),
  });
  const leaderRequests = new LeaderRequests({
    repo: new LeaderRequestRepository(db),
    hub,
    ...(cluster ? { leadership: cluster.leadership } : {}),
    timeoutMs: config.cluster.leaderRequestTimeoutMs,
    retentionMs: config.cluster.leaderRequestRetentionMs,
    logger,
  });
  return {
    db,
    hub,
    configChanged: configChanges(hub),
    leaderRequests,
    plant: new PlantRepository(db),
  };
}

/** What the PLC runtime needs from the areas built before it. */
export interface PlantRuntimeNeeds {
  config: Config;
  plant: PlantRepository;
  hub: EventHub;
  logger: FastifyBaseLogger;
  /** Built by the devices area from its records. */
  deviceRefs: PlantRuntimeDeps['deviceRefs'];
  /** The notifications area's subscriber to what the runtime publishes. */
  plcAlarms: { settled(): Promise<void> };
  ledger: { occupancyCenti: PlantRuntimeDeps['bookWeights'] };
  leaderRequests: LeaderRequests;
  cluster: Cluster | undefined;
}

/**
 * The PLC runtime, created here but connected only when the plant starts; with it, how other
 * instances read its values and the catalog the areas plan with.
 */
export function plantRuntime(needs: PlantRuntimeNeeds) {
  const { config, plant, ledger, cluster } = needs;
  const runtime = new PlantRuntime({
    config: config.plc,
    plant,
    hub: needs.hub,
    logger: needs.logger,
    deviceRefs: needs.deviceRefs,
    reported: () => needs.plcAlarms.settled(),
    bookWeights: () => ledger.occupancyCenti(),
    // Fencing: an instance that has lost the lead writes nothing, whatever is still running.
    ...(cluster ? { drives: () => cluster.leadership.isLeader() } : {}),
  });
  const leaderValues = needs.leaderRequests.operation('plant-values', async () =>
    runtime.snapshot(),
  );
  return {
    runtime,
    leaderValues,
    // The running plant's catalog; before the PLC runtime starts, the address map as stored.
    catalog: async () =>
      runtime.catalog() ?? new PlantCatalog(await plant.definition(config.plc.unitId)),
  };
}

/** The one run settlement; the areas that start runs register their settlers with it. */
export function plantSettlement(needs: {
  hub: EventHub;
  engine: WorkflowEngine;
  notifications: { raise(alarm: { type: 'alarm'; text: string; by: string }): Promise<unknown> };
  logger: FastifyBaseLogger;
}): { settlement: RunSettlement } {
  const { engine, notifications } = needs;
  const settlement = new RunSettlement({
    hub: needs.hub,
    currentRun: (workflowId) => {
      const run = engine.currentRun(workflowId);
      return (
        run && {
          workflow_id: workflowId,
          run_id: run.id,
          state: run.state,
          error: run.error,
          owner: run.owner,
        }
      );
    },
    alarm: async (text) => {
      await notifications.raise({ type: 'alarm', text, by: 'console' });
    },
    logger: needs.logger,
  });
  return { settlement };
}
