import Fastify, { type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import { serializerCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { pino } from 'pino';
import type { DatabaseHandle } from '@roastery/db';
import pkg from '../package.json' with { type: 'json' };
import type { Config } from './config.ts';
import { accessControl } from './plugins/access-control.ts';
import { errorHandler } from './plugins/error-handler.ts';
import { jsonBody } from './plugins/json-body.ts';
import { openapi } from './plugins/openapi.ts';
import { requestValidation } from './plugins/request-validation.ts';
import { securityHeaders } from './plugins/security-headers.ts';
import { notFoundBody, webApp } from './plugins/web-app.ts';
import { AccessTokens } from './modules/auth/access-tokens.ts';
import { AuthService } from './modules/auth/auth-service.ts';
import { LoginThrottle } from './modules/auth/login-throttle.ts';
import { PrincipalCache, principalLoader } from './modules/auth/principal-cache.ts';
import { RefreshTokenRepository } from './modules/auth/refresh-token-repository.ts';
import { authRoutes } from './modules/auth/auth-routes.ts';
import { signInThrottleRoutes } from './modules/auth/sign-in-throttle-routes.ts';
import { UserCredentials } from './modules/users/user-credentials.ts';
import { UserRepository } from './modules/users/user-repository.ts';
import { UserService } from './modules/users/user-service.ts';
import { userRoutes } from './modules/users/user-routes.ts';
import { healthRoutes } from './modules/health/health-routes.ts';
import { signingSecret } from './modules/auth/signing-secret.ts';
import { LiveBus } from './modules/live/live-bus.ts';
import { liveEventOf } from './modules/live/live-projection.ts';
import { liveRoutes } from './modules/live/live-routes.ts';
import { EventHub } from './plant/hub/event-hub.ts';
import { RunSettlement } from './plant/settlement/run-settlement.ts';
import { PlantRepository } from './plant/runtime/plant-repository.ts';
import { PlantRuntime } from './plant/runtime/plant-runtime.ts';
import { DeviceDirectory } from './modules/devices/device-directory.ts';
import { DeviceRecords } from './modules/devices/device-records.ts';
import { DeviceRepository } from './modules/devices/device-repository.ts';
import { DeviceService } from './modules/devices/device-service.ts';
import { deviceRoutes } from './modules/devices/device-routes.ts';
import { CommandRepository } from './modules/commands/command-repository.ts';
import { CommandService } from './modules/commands/command-service.ts';
import { commandRoutes } from './modules/commands/command-routes.ts';
import { AlarmTextRepository } from './modules/alarm-texts/alarm-text-repository.ts';
import { AlarmTextService } from './modules/alarm-texts/alarm-text-service.ts';
import { alarmTextRoutes } from './modules/alarm-texts/alarm-text-routes.ts';
import { DeviceStatusRepository } from './modules/device-statuses/device-status-repository.ts';
import { DeviceStatusService } from './modules/device-statuses/device-status-service.ts';
import { deviceStatusRoutes } from './modules/device-statuses/device-status-routes.ts';
import { NotificationRepository } from './modules/notifications/notification-repository.ts';
import { NotificationService } from './modules/notifications/notification-service.ts';
import { notificationRoutes } from './modules/notifications/notification-routes.ts';
import { EventLogRepository } from './modules/events/event-log-repository.ts';
import { EventLogService } from './modules/events/event-log-service.ts';
import { eventRoutes } from './modules/events/event-routes.ts';
import { SimulatorService } from './modules/simulator/simulator-service.ts';
import { simulatorRoutes } from './modules/simulator/simulator-routes.ts';
import { LedgerRepository } from './modules/inventory/ledger-repository.ts';
import { LedgerService } from './modules/inventory/ledger-service.ts';
import { inventoryRoutes } from './modules/inventory/inventory-routes.ts';
import { BeanRepository } from './modules/beans/bean-repository.ts';
import { BeanService } from './modules/beans/bean-service.ts';
import { beanRoutes } from './modules/beans/bean-routes.ts';
import { ProductRepository } from './modules/products/product-repository.ts';
import { ProductService } from './modules/products/product-service.ts';
import { productRoutes } from './modules/products/product-routes.ts';
import { WorkflowEngine, type RunEvent } from '@roastery/engine';
import type { PlantEvent } from './plant/hub/plant-events.ts';
import { WorkflowRepository } from './modules/workflows/workflow-repository.ts';
import { WorkflowService } from './modules/workflows/workflow-service.ts';
import { WorkflowRunService } from './modules/workflows/workflow-run-service.ts';
import { DatabaseRunStore } from './modules/workflows/run-store.ts';
import { RuntimeDevicePort } from './modules/workflows/runtime-device-port.ts';
import { workflowRoutes } from './modules/workflows/workflow-routes.ts';
import { SettingsService } from './modules/settings/settings-service.ts';
import { settingsRoutes } from './modules/settings/settings-routes.ts';
import { DumpRepository } from './modules/dumps/dump-repository.ts';
import { DumpService } from './modules/dumps/dump-service.ts';
import { SimulatedCrew } from './plant/runtime/simulated-crew.ts';
import { dumpRoutes } from './modules/dumps/dump-routes.ts';
import { TransferRepository } from './modules/transfers/transfer-repository.ts';
import { TransferService } from './modules/transfers/transfer-service.ts';
import { transferRoutes } from './modules/transfers/transfer-routes.ts';
import { DashboardService } from './modules/dashboard/dashboard-service.ts';
import { dashboardRoutes } from './modules/dashboard/dashboard-routes.ts';

export interface Services {
  auth: AuthService;
  users: UserService;
  notifications: NotificationService;
  eventLog: EventLogService;
  devices: DeviceService;
  commands: CommandService;
  alarmTexts: AlarmTextService;
  deviceStatuses: DeviceStatusService;
  simulator: SimulatorService;
  runtime: PlantRuntime;
  hub: EventHub;
  live: LiveBus;
  plant: PlantRepository;
  ledger: LedgerService;
  beans: BeanService;
  products: ProductService;
  settings: SettingsService;
  dumps: DumpService;
  transfers: TransferService;
  dashboard: DashboardService;
  workflows: WorkflowService;
  workflowRuns: WorkflowRunService;
  engine: WorkflowEngine;
  /** Connects to the PLC (or starts the simulator), then lets the engine take up its runs. */
  startPlant(): Promise<void>;
  /** Stops the engine's waits (runs stay stored) and closes the PLC connection. */
  stopPlant(): Promise<void>;
}

export interface AppDeps {
  config: Config;
  database: DatabaseHandle;
  services: Services;
  /** Omitted in tests: the app is then silent. */
  logger?: FastifyBaseLogger;
}

function clearTimer(timer: NodeJS.Timeout): () => void {
  return () => clearTimeout(timer);
}

/** The engine's run events, as the hub carries them. */
function runEvent(event: RunEvent): PlantEvent {
  const base = { type: 'run' as const, workflow_id: event.workflow_id, run_id: event.run_id };
  switch (event.type) {
    case 'state':
      return { ...base, change: 'state', state: event.state, error: event.error };
    case 'timeline':
      return { ...base, change: 'timeline', entry: event.entry };
    case 'status':
    case 'cleared':
      return { ...base, change: event.type };
  }
}

const silentLogger: FastifyBaseLogger = pino({ level: 'silent' });

export const appVersion: string = pkg.version;

/**
 * Wires the services over one database: the composition root for the process and for tests.
 * The plant runtime is created here but connects only when started.
 */
export async function createServices(
  config: Config,
  database: DatabaseHandle,
  logger: FastifyBaseLogger = silentLogger,
  /** The clock of sign-in throttling; tests pass their own to move time on. */
  signInClock: () => number = Date.now,
): Promise<Services> {
  const { db } = database;
  const userRepository = new UserRepository(db);
  const principals = new PrincipalCache(principalLoader(userRepository));
  const auth = new AuthService({
    db,
    users: new UserCredentials(userRepository),
    refreshTokens: new RefreshTokenRepository(db),
    accessTokens: new AccessTokens(
      await signingSecret(db, config.jwtSecret),
      config.accessTokenTtlSeconds,
    ),
    throttle: new LoginThrottle({ ...config.login, now: signInClock }),
    principals,
    refreshTtlSeconds: config.refreshTokenTtlSeconds,
  });
  const hub = new EventHub({
    onError: (err, event) => logger.error({ err, event: event.type }, 'hub subscriber failed'),
  });
  const plant = new PlantRepository(db);
  const deviceRepository = new DeviceRepository(db);
  const deviceRecords = new DeviceRecords(deviceRepository, hub);
  const deviceDirectory = new DeviceDirectory(deviceRepository, deviceRecords);
  const notifications = new NotificationService(new NotificationRepository(db), hub);
  const eventLog = new EventLogService(new EventLogRepository(db));
  const workflows = new WorkflowService(new WorkflowRepository(db));
  const ledger = new LedgerService(db, new LedgerRepository(), () =>
    hub.publish({ type: 'ledger' }),
  );
  const alarmTexts = new AlarmTextService(
    new AlarmTextRepository(db),
    deviceDirectory,
    notifications,
  );
  const runtime = new PlantRuntime({
    config: config.plc,
    plant,
    alarmTexts,
    notifications,
    eventLog,
    hub,
    logger,
    deviceRefs: async () =>
      new Map(
        (await deviceRecords.get()).devices
          .filter((d) => !d.virtual)
          .map((d) => [d.deviceId, { ref: d.id, name: d.name }]),
      ),
  });
  const engine = new WorkflowEngine({
    devices: new RuntimeDevicePort(runtime, hub),
    store: new DatabaseRunStore(db),
    workflows,
    clock: { now: () => Date.now(), setTimer: (ms, fn) => clearTimer(setTimeout(fn, ms)) },
    events: { emit: (event) => hub.publish(runEvent(event)) },
    notifier: {
      notify: (notice) => {
        void notifications
          .raise({ type: notice.type, text: notice.text, by: 'workflow engine' })
          .catch((err: unknown) => logger.error({ err }, 'workflow notice could not be recorded'));
      },
    },
  });
  workflows.attach(engine);
  const beans = new BeanService(new BeanRepository(db));
  const settings = new SettingsService(db);
  const dumps = new DumpService({
    repo: new DumpRepository(db),
    beans,
    ledger,
    settings,
    workflows,
    engine,
    notifications,
    runtime,
    crew: new SimulatedCrew(runtime),
    hub,
  });
  const transfers = new TransferService({
    repo: new TransferRepository(db),
    ledger,
    beans,
    workflows,
    engine,
    runtime,
    hub,
    notifications,
    logger,
  });
  const settlement = new RunSettlement({
    hub,
    currentRun: (workflowId) => {
      const run = engine.currentRun(workflowId);
      return run && { workflow_id: workflowId, run_id: run.id, state: run.state, error: run.error };
    },
    alarm: async (text) => {
      await notifications.raise({ type: 'alarm', text, by: 'console' });
    },
    logger,
  });
  settlement.register('dump', dumps.settler());
  settlement.register('transfer', transfers.settler());
  const commands = new CommandService(new CommandRepository(db), deviceDirectory, runtime);
  const deviceStatuses = new DeviceStatusService(new DeviceStatusRepository(db), commands);
  const live = new LiveBus(config.live.maxStreams);
  // The browser's stream is a projection of the hub, and the only reader of its format.
  hub.subscribeAll((event) => {
    const projected = liveEventOf(event, {
      lightsStatus: (kind, id) => deviceStatuses.lightsStatus(kind, id),
    });
    if (projected) live.publish(projected);
  });
  return {
    auth,
    settings,
    dumps,
    transfers,
    dashboard: new DashboardService(ledger, runtime),
    workflows,
    workflowRuns: new WorkflowRunService(engine),
    engine,
    startPlant: async () => {
      await deviceStatuses.load();
      await runtime.start();
      await engine.open();
      await settlement.start();
      transfers.start();
    },
    stopPlant: async () => {
      transfers.stop();
      settlement.stop();
      await engine.close();
      await runtime.stop();
    },
    users: new UserService(db, userRepository, principals, auth),
    notifications,
    eventLog,
    devices: new DeviceService({
      db,
      devices: deviceRepository,
      records: deviceRecords,
      commands,
      statuses: deviceStatuses,
      alarmTexts,
      runtime,
      eventLog,
      plant,
      usesOf: async (code) => [
        ...(await workflows.usesOfDevice(code)),
        ...(await transfers.usesOfDevice(code)),
      ],
      ledger,
      hub,
    }),
    commands,
    alarmTexts,
    deviceStatuses,
    simulator: new SimulatorService(runtime.simulator, () => runtime.catalog()),
    runtime,
    hub,
    live,
    plant,
    ledger,
    beans,
    products: new ProductService(new ProductRepository(db)),
  };
}

/** Builds the HTTP application; it does not listen. */
export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const { config, database, services } = deps;
  const app = Fastify({
    loggerInstance: deps.logger ?? silentLogger,
    trustProxy: config.trustProxy,
  }).withTypeProvider<ZodTypeProvider>();
  app.setSerializerCompiler(serializerCompiler);
  await app.register(requestValidation);
  await app.register(jsonBody);

  await app.register(securityHeaders);
  await app.register(errorHandler);
  await app.register(accessControl, { auth: services.auth });
  await app.register(openapi, { version: appVersion });

  await app.register(
    async (api) => {
      await api.register(healthRoutes, {
        prefix: '/health',
        checks: [
          { name: 'database', check: () => database.ping() },
          { name: 'migrations', check: () => database.migrationsApplied() },
        ],
      });
      await api.register(authRoutes, { prefix: '/user', auth: services.auth });
      await api.register(signInThrottleRoutes, {
        prefix: '/user/throttles',
        auth: services.auth,
      });
      await api.register(userRoutes, {
        prefix: '/user',
        users: services.users,
        auth: services.auth,
      });
      await api.register(deviceRoutes, { devices: services.devices });
      await api.register(commandRoutes, { prefix: '/command', commands: services.commands });
      await api.register(alarmTextRoutes, {
        prefix: '/alarm-text',
        alarmTexts: services.alarmTexts,
      });
      await api.register(deviceStatusRoutes, {
        prefix: '/device-status',
        statuses: services.deviceStatuses,
      });
      await api.register(notificationRoutes, {
        prefix: '/notification',
        notifications: services.notifications,
      });
      await api.register(eventRoutes, { prefix: '/event', eventLog: services.eventLog });
      await api.register(simulatorRoutes, { prefix: '/simulator', simulator: services.simulator });
      await api.register(liveRoutes, {
        prefix: '/live',
        bus: services.live,
        limits: config.live,
        initial: () => {
          const health = services.runtime.health();
          return health
            ? [{ type: 'plc', state: health.state, error: health.lastError }]
            : [{ type: 'plc', state: 'closed', error: null }];
        },
      });
      await api.register(beanRoutes, { prefix: '/bean', beans: services.beans });
      await api.register(productRoutes, { prefix: '/product', products: services.products });
      await api.register(inventoryRoutes, { ledger: services.ledger });
      await api.register(settingsRoutes, {
        prefix: '/admin/settings',
        settings: services.settings,
      });
      await api.register(dumpRoutes, {
        prefix: '/dump',
        dumps: services.dumps,
        ledger: services.ledger,
        workflows: services.workflows,
        runs: services.workflowRuns,
      });
      await api.register(transferRoutes, { prefix: '/transfer', transfers: services.transfers });
      await api.register(dashboardRoutes, {
        prefix: '/dashboard',
        dashboard: services.dashboard,
        dumps: services.dumps,
        transfers: services.transfers,
      });
      await api.register(workflowRoutes, {
        workflows: services.workflows,
        runs: services.workflowRuns,
        devices: services.devices,
      });
    },
    { prefix: '/api' },
  );

  if (config.webDist) {
    await app.register(webApp, { root: config.webDist });
  } else {
    app.setNotFoundHandler((request, reply) =>
      reply.code(404).send(notFoundBody(request.method, request.url)),
    );
  }
  return app;
}
