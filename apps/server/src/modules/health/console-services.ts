import type { DatabaseHandle } from '@roastery/db';
import type { EventHub } from '../../plant/hub/event-hub.ts';
import type { Leadership } from '../../plant/cluster/leadership.ts';
import { ORDER_SCHEDULER_STOPPED_SOURCE } from '../../plant/runtime/alarm-sources.ts';
import type { PlantRuntime } from '../../plant/runtime/plant-runtime.ts';
import type { LiveBus } from '../live/live-bus.ts';
import type { NotificationService } from '../notifications/notification-service.ts';
import type { OrderScheduler } from '../order-runs/order-scheduler.ts';
import type { ServiceRegistry } from './service-registry.ts';

export interface ConsoleServicesDeps {
  registry: ServiceRegistry;
  database: DatabaseHandle;
  runtime: PlantRuntime;
  hub: EventHub;
  live: LiveBus;
  /** Whether the workflow engine is open (between the plant's start and stop). */
  engineOpen: () => boolean;
  /** No PLC configured: the console runs its own simulated plant. */
  simulated: boolean;
  scheduler: Pick<OrderScheduler, 'running' | 'start' | 'stop'>;
  notifications: Pick<NotificationService, 'raise' | 'clear'>;
  /** Present when several instances share the database: which of them drives the plant. */
  cluster?: {
    instance: string;
    leadership: Pick<Leadership, 'isLeader' | 'leader' | 'onChange'>;
  };
}

const API_LOCKED = 'The API serves this page: stop or restart the server process itself.';
const DATABASE_LOCKED =
  'Every service reads and writes the database: it stops with the server process.';
const ENGINE_LOCKED =
  'Runs hold their devices while it works: stop or pause runs from their workflow screens.';
const LIVE_LOCKED = 'Screens follow the plant through it: it runs with the API.';
const INSTANCE_LOCKED =
  'Every instance serves the API; the one holding the database lock drives the PLCs, the engine and the scheduler. Stop an instance by stopping its server process: another takes the lead within seconds.';

/** Registers the console's own services with the System Monitor, and feeds their logs. */
export function registerConsoleServices(d: ConsoleServicesDeps): void {
  const { registry, runtime, hub } = d;
  registry.register({
    id: 'api',
    name: 'API',
    type: 'api',
    running: () => true,
    locked: API_LOCKED,
  });

  let databaseUp = true;
  const database = registry.register({
    id: 'database',
    name: 'Database',
    type: 'database',
    running: () => databaseUp,
    probe: async () => {
      const up = await d.database.ping();
      if (up !== databaseUp) database.log(up ? 'Answers again' : 'Does not answer a query');
      databaseUp = up;
    },
    locked: DATABASE_LOCKED,
  });

  const gateway = registry.register({
    id: 'plc-gateway',
    name: 'PLC gateway',
    type: 'plc-gateway',
    running: () => runtime.gatewayRunning(),
    health: () => {
      const health = runtime.health();
      return health ? `${health.state} (${runtime.endpoint()})` : 'Not Running';
    },
    start: () => runtime.startGateway(),
    stop: (by) => runtime.stopGateway(by),
  });
  hub.subscribe('connection', (e) =>
    gateway.log(`PLC link ${e.state}${e.error ? `: ${e.error}` : ''}`),
  );

  const engine = registry.register({
    id: 'workflow-engine',
    name: 'Workflow engine',
    type: 'workflow-engine',
    running: d.engineOpen,
    locked: ENGINE_LOCKED,
  });
  hub.subscribe('run', (e) => {
    if (e.change === 'state') {
      engine.log(
        `Workflow ${e.workflow_id} run ${e.run_id}: ${e.state}${e.error ? ` (${e.error})` : ''}`,
      );
    }
  });

  if (d.simulated) {
    const simulator = registry.register({
      id: 'plant-simulator',
      name: 'Plant simulator',
      type: 'simulator',
      running: () => runtime.simulator.running !== undefined,
      start: async () => {
        await runtime.simulator.start();
        simulator.log('Serving the simulated plant over Modbus TCP');
      },
      stop: async () => {
        await runtime.simulator.stop();
        simulator.log('Stopped: the PLC gateway loses its link until it starts again');
      },
    });
  }

  const scheduler = registry.register({
    id: 'order-scheduler',
    name: 'Order scheduler',
    type: 'order-scheduler',
    running: () => d.scheduler.running,
    start: async () => {
      d.scheduler.start();
      await d.notifications.clear(ORDER_SCHEDULER_STOPPED_SOURCE);
      scheduler.log('Started: waiting orders start by themselves when automatic processing is on');
    },
    stop: async (by) => {
      d.scheduler.stop();
      scheduler.log(`Stopped by ${by}`);
      await d.notifications.raise({
        type: 'alarm',
        text: `Order scheduler stopped by ${by} from the System Monitor. Waiting orders no longer start by themselves, whatever the automatic processing setting says, until it is started again.`,
        by: 'console',
        source: ORDER_SCHEDULER_STOPPED_SOURCE,
      });
    },
  });

  if (d.cluster) registerInstance(registry, d.cluster);

  registry.register({
    id: 'live-stream',
    name: 'Live stream',
    type: 'live-stream',
    running: () => true,
    health: () => `Running, event ${d.live.seq} sent last`,
    locked: LIVE_LOCKED,
  });
}

/** This instance among several: whether it leads, or which instance does. */
function registerInstance(
  registry: ServiceRegistry,
  cluster: NonNullable<ConsoleServicesDeps['cluster']>,
): void {
  let leader: string | undefined;
  const instance = registry.register({
    id: 'instance',
    name: `Instance ${cluster.instance}`,
    type: 'instance',
    running: () => true,
    health: () =>
      cluster.leadership.isLeader()
        ? `Leader: drives the plant`
        : `Follower: ${leader ? `instance ${leader} drives the plant` : 'no instance drives the plant'}`,
    probe: async () => {
      leader = await cluster.leadership.leader().catch(() => undefined);
    },
    locked: INSTANCE_LOCKED,
  });
  cluster.leadership.onChange((leading) =>
    instance.log(
      leading
        ? 'Took the lead: drives the PLCs, the workflow engine and the order scheduler'
        : 'Lost the lead: drives nothing until it holds the lock again',
    ),
  );
}
