import type { FastifyBaseLogger } from 'fastify';
import type { Cluster } from './cluster/cluster.ts';
import type { LeaderRequests } from './cluster/leader-requests.ts';
import type { PlantRuntime } from './runtime/plant-runtime.ts';

/** Background work an area does while the plant runs. */
interface Background {
  start(): void;
  stop(): void;
}

/** What starting and stopping the plant brings together, each built by its area. */
export interface PlantLifecycleNeeds {
  alarmSweep: Background;
  deviceStatuses: { load(): Promise<void> };
  runtime: Pick<PlantRuntime, 'start' | 'stop' | 'follow' | 'mirror'>;
  engineRun: { start(): Promise<void>; stop(): Promise<void> };
  settlement: { start(): Promise<void>; stop(): void };
  transfers: Background;
  orderRunning: Background;
  /** Publishing to an MQTT broker, by the instance that drives the plant. */
  plantData: { start(): Promise<void>; stop(): Promise<void> };
  leaderRequests: Pick<LeaderRequests, 'takeOver'>;
  /** Asks the leading instance for the plant's values. */
  leaderValues: (args: object) => Promise<ReturnType<PlantRuntime['snapshot']>>;
  cluster: Cluster | undefined;
  logger: FastifyBaseLogger;
}

/** Starting and stopping the plant, and with several instances, taking part in who drives it. */
export function plantLifecycle(needs: PlantLifecycleNeeds) {
  const { alarmSweep, deviceStatuses, runtime, engineRun, settlement } = needs;
  const { transfers, orderRunning, plantData, cluster, logger } = needs;
  const startPlant = async () => {
    alarmSweep.start();
    await deviceStatuses.load();
    await runtime.start();
    await engineRun.start();
    await settlement.start();
    transfers.start();
    orderRunning.start();
    await plantData.start();
  };
  const stopPlant = async () => {
    await plantData.stop();
    alarmSweep.stop();
    orderRunning.stop();
    transfers.stop();
    settlement.stop();
    await engineRun.stop();
    await runtime.stop();
  };
  return {
    startPlant,
    stopPlant,
    runPlant: async () => {
      if (!cluster) return startPlant();
      await deviceStatuses.load();
      await runtime.follow();
      await cluster.leadership.start({
        lead: async () => {
          await startPlant();
          await needs.leaderRequests.takeOver();
        },
        follow: stopPlant,
      });
      await cluster.leadership.settled();
      if (!cluster.leadership.isLeader()) {
        // Values change from now on through the hub; what the leader read before comes here.
        void needs.leaderValues({}).then(
          (snapshot) => runtime.mirror(snapshot),
          (err: unknown) => logger.warn({ err }, 'the leading instance sent no plant values'),
        );
      }
    },
    leavePlant: async () => {
      if (!cluster) return stopPlant();
      await cluster.leave();
    },
  };
}
