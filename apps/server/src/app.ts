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
import { leaderRoutes } from './plugins/leader-routes.ts';
import { requestValidation } from './plugins/request-validation.ts';
import { securityHeaders } from './plugins/security-headers.ts';
import { notFoundBody, webApp } from './plugins/web-app.ts';
import { AccessTokens } from './modules/auth/access-tokens.ts';
import { AuthService } from './modules/auth/auth-service.ts';
import { LoginThrottle } from './modules/auth/login-throttle.ts';
import { DeviceCookies } from './modules/auth/device-cookies.ts';
import { PrincipalCache, principalLoader } from './modules/auth/principal-cache.ts';
import { RefreshTokenRepository } from './modules/auth/refresh-token-repository.ts';
import { authRoutes } from './modules/auth/auth-routes.ts';
import { signInThrottleRoutes } from './modules/auth/sign-in-throttle-routes.ts';
import { sessionRoutes } from './modules/auth/session-routes.ts';
import { SecondFactor } from './modules/auth/second-factor.ts';
import { TotpRepository } from './modules/auth/totp-repository.ts';
import { TotpSecretBox } from './modules/auth/totp-secret-box.ts';
import { auditKey } from './modules/audit/audit-key.ts';
import { AuditHeadLog } from './modules/audit/audit-head-log.ts';
import { AuditRepository } from './modules/audit/audit-repository.ts';
import { AuditSpool } from './modules/audit/audit-spool.ts';
import { AuditService } from './modules/audit/audit-service.ts';
import { auditRoutes } from './modules/audit/audit-routes.ts';
import { auditTrail } from './modules/audit/audit-trail.ts';
import { stepWriteAudit } from './modules/audit/step-write-audit.ts';
import { UserCredentials } from './modules/users/user-credentials.ts';
import { UserRepository } from './modules/users/user-repository.ts';
import { UserService } from './modules/users/user-service.ts';
import { userRoutes } from './modules/users/user-routes.ts';
import { healthRoutes } from './modules/health/health-routes.ts';
import { signingSecret } from './modules/auth/signing-secret.ts';
import { LiveBus } from './modules/live/live-bus.ts';
import { liveEventOf, plcLinkEvent } from './modules/live/live-projection.ts';
import { liveRoutes } from './modules/live/live-routes.ts';
import { EventHub } from './plant/hub/event-hub.ts';
import { configChanges } from './plant/hub/config-changes.ts';
import type { Cluster } from './plant/cluster/cluster.ts';
import { LeaderRequestRepository } from './plant/cluster/leader-request-repository.ts';
import { LeaderRequests } from './plant/cluster/leader-requests.ts';
import { RunSettlement } from './plant/settlement/run-settlement.ts';
import { PlantRepository } from './plant/runtime/plant-repository.ts';
import { plantAlarmSources } from './plant/runtime/alarm-sources.ts';
import {
  PLC_GATEWAY_STOPPED_SOURCE,
  PLC_LINK_SOURCE,
  PlantRuntime,
} from './plant/runtime/plant-runtime.ts';
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
import { ReportRepository } from './modules/reports/report-repository.ts';
import { reportRoutes } from './modules/reports/report-routes.ts';
import { ReportService } from './modules/reports/report-service.ts';
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
import { DashboardRepository } from './modules/dashboard/dashboard-repository.ts';
import { dashboardRoutes, waitingDeviceRoutes } from './modules/dashboard/dashboard-routes.ts';
import { OrderRepository } from './modules/orders/order-repository.ts';
import { OrderService } from './modules/orders/order-service.ts';
import { OrderRouteReader } from './modules/orders/order-route.ts';
import { OrderRouteRepository } from './modules/orders/order-route-repository.ts';
import { orderRoutes } from './modules/orders/order-routes.ts';
import { PackingService } from './modules/packing/packing-service.ts';
import { packingRoutes } from './modules/packing/packing-routes.ts';
import { PlantCatalog } from './plant/catalog/plant-catalog.ts';
import { BatchRunner } from './modules/order-runs/batch-runner.ts';
import { OrderRunRepository } from './modules/order-runs/order-run-repository.ts';
import { orderRunRoutes } from './modules/order-runs/order-run-routes.ts';
import { OrderRunService } from './modules/order-runs/order-run-service.ts';
import { OrderScheduler } from './modules/order-runs/order-scheduler.ts';
import { PackingRunner } from './modules/order-runs/packing-runner.ts';
import { PlantView } from './modules/order-runs/plant-view.ts';
import { EventRecorder } from './modules/events/event-recorder.ts';
import { ServiceRegistry } from './modules/health/service-registry.ts';
import { registerConsoleServices } from './modules/health/console-services.ts';
import { serviceHealthRoutes } from './modules/health/service-health-routes.ts';
import { AdminReportRepository } from './modules/admin-reports/admin-report-repository.ts';
import { AdminReportService } from './modules/admin-reports/admin-report-service.ts';
import { adminReportRoutes } from './modules/admin-reports/admin-report-routes.ts';
import { PathRepository } from './modules/paths/path-repository.ts';
import { PathService } from './modules/paths/path-service.ts';
import { pathRoutes } from './modules/paths/path-routes.ts';

export interface Services {
  auth: AuthService;
  audit: AuditService;
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
  reports: ReportService;
  beans: BeanService;
  products: ProductService;
  settings: SettingsService;
  dumps: DumpService;
  transfers: TransferService;
  dashboard: DashboardService;
  orders: OrderService;
  packing: PackingService;
  orderRuns: OrderRunService;
  packingRuns: PackingRunner;
  orderScheduler: OrderScheduler;
  /** The console's own services, as the System Monitor shows and controls them. */
  registry: ServiceRegistry;
  adminReports: AdminReportService;
  paths: PathService;
  /** Fills the events log from the hub; `settled()` waits for what it has received. */
  eventRecorder: EventRecorder;
  workflows: WorkflowService;
  workflowRuns: WorkflowRunService;
  engine: WorkflowEngine;
  /** What only the instance driving the plant does, asked for from the others. */
  leaderRequests: LeaderRequests;
  /** Present when several instances share a PostgreSQL database. */
  cluster: Cluster | undefined;
  /** Connects to the PLC (or starts the simulator), then lets the engine take up its runs. */
  startPlant(): Promise<void>;
  /** Stops the engine's waits (runs stay stored) and closes the PLC connection. */
  stopPlant(): Promise<void>;
  /**
   * Starts the plant; with several instances, takes part in choosing the one that drives it,
   * which starts it, fails what a previous leader left unanswered and runs what waits.
   */
  runPlant(): Promise<void>;
  /** Stops the plant, and with several instances hands the lead to another and leaves. */
  leavePlant(): Promise<void>;
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
      return {
        ...base,
        change: 'timeline',
        entry: event.entry,
        ...(event.reportsWrite ? { reportsWrite: event.reportsWrite } : {}),
      };
    case 'status':
    case 'cleared':
      return { ...base, change: event.type };
  }
}

/** The source of the alarm raised while audit rows wait in the spool. */
const AUDIT_ALARM_SOURCE = 'audit-log';

/** How often shelves that ran out come back and a flood that has passed ends. */
const ALARM_SWEEP_MS = 5000;

/** A repeating timer that alone must not keep the process (or a test) alive. */
function every(ms: number, fn: () => void): () => void {
  const timer = setInterval(fn, ms);
  timer.unref();
  return () => clearInterval(timer);
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
  /** The clock of sign-in throttling and second-factor codes; tests pass their own. */
  signInClock: () => number = Date.now,
  /** The clock of alarm shelves and floods; tests pass their own to move time on. */
  alarmClock: () => Date = () => new Date(),
  /** One instance among several: events reach them all, and one of them drives the plant. */
  cluster?: Cluster,
): Promise<Services> {
  const { db } = database;
  const hub = new EventHub({
    ...(cluster ? { transport: cluster.transport } : {}),
    onError: (err, event) => logger.error({ err, event: event.type }, 'hub subscriber failed'),
  });
  const configChanged = configChanges(hub);
  const leaderRequests = new LeaderRequests({
    repo: new LeaderRequestRepository(db),
    hub,
    ...(cluster ? { leadership: cluster.leadership } : {}),
    timeoutMs: config.cluster.leaderRequestTimeoutMs,
    retentionMs: config.cluster.leaderRequestRetentionMs,
    logger,
  });
  const userRepository = new UserRepository(db);
  const principals = new PrincipalCache(principalLoader(userRepository), (userId) =>
    hub.publish({ type: 'user-changed', user_id: userId }),
  );
  hub.subscribe('user-changed', (e) => principals.forget(e.user_id), { from: 'other-instances' });
  const secret = await signingSecret(db, config.jwtSecret);
  const throttle = new LoginThrottle({ ...config.login, now: signInClock });
  // Guesses spread over several instances count on each of them.
  hub.subscribe(
    'session',
    (e) =>
      throttle.record(
        e.username,
        e.address,
        e.change === 'refused' ? 'failed' : 'succeeded',
        e.device,
      ),
    { from: 'other-instances' },
  );
  const auth = new AuthService({
    db,
    users: new UserCredentials(userRepository),
    refreshTokens: new RefreshTokenRepository(db),
    accessTokens: new AccessTokens(secret, config.accessTokenTtlSeconds),
    secondFactor: new SecondFactor(new TotpRepository(db), new TotpSecretBox(secret), signInClock),
    throttle,
    deviceCookies: new DeviceCookies(secret, signInClock),
    principals,
    refreshTtlSeconds: config.refreshTokenTtlSeconds,
    onSignIn: (username, admitted, address, device) =>
      hub.publish({
        type: 'session',
        change: admitted ? 'signed-in' : 'refused',
        username,
        address,
        ...(device === undefined ? {} : { device }),
      }),
    configChanged,
  });
  const plant = new PlantRepository(db);
  const deviceRepository = new DeviceRepository(db);
  const deviceRecords = new DeviceRecords(deviceRepository, hub);
  const deviceDirectory = new DeviceDirectory(deviceRepository, deviceRecords);
  const notifications = new NotificationService(new NotificationRepository(db), hub, {
    clock: { now: alarmClock },
    maxShelveMs: config.alarms.maxShelveMs,
    linkSources: [PLC_LINK_SOURCE, PLC_GATEWAY_STOPPED_SOURCE],
    sources: async () => plantAlarmSources((await deviceRecords.get()).devices),
  });
  if (cluster && !config.audit.key) {
    logger.warn(
      'AUDIT_KEY is not set: each instance seals the audit log with its own key and the chain will not verify. Set the same AUDIT_KEY on every instance.',
    );
  }
  const auditSealKey = await auditKey(config.audit.key, config.audit.folder);
  const audit = new AuditService({
    repo: new AuditRepository(db),
    key: auditSealKey,
    spool: new AuditSpool(config.audit.folder),
    heads: new AuditHeadLog(config.audit.folder, auditSealKey),
    // One alarm per outage: its source keeps it from being raised again until it is cleared.
    onOutage: (err, spooled) => {
      logger.error({ err, spooled }, 'audit log write failed; rows kept in the spool');
      void notifications
        .raise({
          type: 'alarm',
          text: 'The audit log could not be written. Plant control goes on; check the database.',
          by: 'console',
          source: AUDIT_ALARM_SOURCE,
        })
        .catch((error: unknown) => logger.error({ err: error }, 'audit alarm not raised'));
    },
    onRecovered: () => {
      logger.info('audit log written again; the spool is empty');
      void notifications
        .clear(AUDIT_ALARM_SOURCE)
        .catch((error: unknown) => logger.error({ err: error }, 'audit alarm not cleared'));
    },
  });
  const eventLog = new EventLogService(new EventLogRepository(db));
  const workflows = new WorkflowService(new WorkflowRepository(db), configChanged);
  const ledger = new LedgerService(db, new LedgerRepository(), () =>
    hub.publish({ type: 'ledger' }),
  );
  const alarmTexts = new AlarmTextService(
    new AlarmTextRepository(db),
    deviceDirectory,
    notifications,
    configChanged,
    hub,
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
    bookWeights: () => ledger.occupancyCenti(),
    // Fencing: an instance that has lost the lead writes nothing, whatever is still running.
    ...(cluster ? { drives: () => cluster.leadership.isLeader() } : {}),
  });
  const leaderValues = leaderRequests.operation('plant-values', async () => runtime.snapshot());
  const devicePort = new RuntimeDevicePort(runtime, hub);
  const engine = new WorkflowEngine({
    devices: devicePort,
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
    writes: stepWriteAudit(audit),
  });
  workflows.attach(engine);
  const beans = new BeanService(new BeanRepository(db), configChanged);
  const settings = new SettingsService(db, hub);
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
  const products = new ProductService(new ProductRepository(db), configChanged);
  // The running plant's catalog; before the PLC runtime starts, the address map as stored.
  const catalog = async () =>
    runtime.catalog() ?? new PlantCatalog(await plant.definition(config.plc.unitId));
  const orders = new OrderService({
    repo: new OrderRepository(db),
    products,
    workflows,
    settings,
    hub,
    catalog,
  });
  const paths = new PathService({ repo: new PathRepository(db), workflows, catalog, hub });
  const packing = new PackingService({ orders, workflows });
  const orderRunRepository = new OrderRunRepository(db);
  const plantView = new PlantView(runtime, (device) => devicePort.mode(device));
  const batchRunner = new BatchRunner({
    repo: orderRunRepository,
    ledger,
    products,
    workflows,
    engine,
    plant: plantView,
    hub,
    logger,
    now: () => new Date(),
  });
  const orderRuns = new OrderRunService({
    repo: orderRunRepository,
    batches: batchRunner,
    dumps,
    workflows,
    engine,
    products,
    ledger,
    plant: plantView,
    paths,
    hub,
    alarm: async (text) => {
      await notifications.raise({ type: 'alarm', text, by: 'console' });
    },
    warn: async (text) => {
      await notifications.raise({ type: 'warning', text, by: 'console' });
    },
    logger,
    now: () => new Date(),
  });
  const packingRuns = new PackingRunner({
    repo: orderRunRepository,
    ledger,
    workflows,
    engine,
    plant: plantView,
    hub,
    alarm: async (text) => {
      await notifications.raise({ type: 'alarm', text, by: 'console' });
    },
    now: () => new Date(),
  });
  settlement.register(
    'batch',
    batchRunner.settler((orderId) => orderRuns.advance(orderId)),
  );
  settlement.register('packing', packingRuns.settler());
  const orderScheduler = new OrderScheduler({
    repo: orderRunRepository,
    runs: orderRuns,
    workflows,
    plant: plantView,
    settings,
    hub,
    warn: async (text) => {
      await notifications.raise({ type: 'warning', text, by: 'console' });
    },
    logger,
    every,
  });
  const commands = new CommandService(
    new CommandRepository(db),
    deviceDirectory,
    runtime,
    configChanged,
  );
  const deviceStatuses = new DeviceStatusService(
    new DeviceStatusRepository(db),
    commands,
    configChanged,
    hub,
  );
  const devices = new DeviceService({
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
      ...(await orders.usesOfDevice(code)),
      ...(await paths.usesOfDevice(code)),
    ],
    ledger,
    hub,
  });
  const live = new LiveBus(config.live.maxStreams);
  // The browser's stream is a projection of the hub, and the only reader of its format.
  hub.subscribeAll((event) => {
    const projected = liveEventOf(event, {
      lightsStatus: (kind, id) => deviceStatuses.lightsStatus(kind, id),
    });
    if (projected) live.publish(projected);
  });
  // Changes announced while the hub was cut off were missed: forget everything kept in memory.
  cluster?.transport.onReconnect(() => {
    principals.forgetAll();
    deviceRecords.invalidate();
    alarmTexts.forget();
    notifications.invalidate();
    void deviceStatuses.load().catch((err: unknown) => logger.error({ err }, 'lights not read'));
  });
  const eventRecorder = new EventRecorder({
    hub,
    eventLog,
    deviceRef: (code) =>
      deviceDirectory.require(code).then(
        (d) => ({ ref: d.id, name: d.name }),
        () => undefined,
      ),
    workflowName: async (id) => (await workflows.workflow(id))?.name,
    dump: (id) => dumps.get(id).catch(() => undefined),
    transfer: (id) => transfers.get(id).catch(() => undefined),
    onError: (err, event) => logger.error({ err, event: event.type }, 'event not logged'),
  });
  eventRecorder.start();
  let engineOpen = false;
  let stopAlarmSweep = () => {};
  const registry = new ServiceRegistry({
    onChange: (service, by) =>
      hub.publish({
        type: 'service',
        id: service.id,
        name: service.name,
        status: service.status,
        by,
      }),
  });
  registerConsoleServices({
    registry,
    database,
    runtime,
    hub,
    live,
    engineOpen: () => engineOpen,
    simulated: !config.plc.host,
    scheduler: orderScheduler,
    notifications,
    ...(cluster ? { cluster } : {}),
  });
  const startPlant = async () => {
    stopAlarmSweep();
    stopAlarmSweep = every(ALARM_SWEEP_MS, () => {
      notifications
        .sweep()
        .catch((err: unknown) => logger.error({ err }, 'alarm shelves and floods not swept'));
    });
    await deviceStatuses.load();
    await runtime.start();
    await engine.open();
    engineOpen = true;
    await settlement.start();
    transfers.start();
    orderRuns.start();
    orderScheduler.start();
  };
  const stopPlant = async () => {
    stopAlarmSweep();
    orderScheduler.stop();
    orderRuns.stop();
    transfers.stop();
    settlement.stop();
    await engine.close();
    engineOpen = false;
    await runtime.stop();
  };
  return {
    auth,
    audit,
    settings,
    registry,
    eventRecorder,
    adminReports: new AdminReportService({
      repo: new AdminReportRepository(db),
      metabase: config.metabase,
      limits: config.reports,
      changed: configChanged,
    }),
    dumps,
    transfers,
    dashboard: new DashboardService({
      repo: new DashboardRepository(db),
      ledger,
      runtime,
      runs: engine,
      devices,
      products,
      orders,
      routes: new OrderRouteReader({
        repo: new OrderRouteRepository(db),
        batches: batchRunner,
        paths,
        workflows,
        plant: plantView,
      }),
      hub,
    }),
    orders,
    paths,
    packing,
    orderRuns,
    packingRuns,
    reports: new ReportService({
      repo: new ReportRepository(db),
      packingRecord: (orderId) => packingRuns.record(orderId),
      now: () => new Date(),
    }),
    orderScheduler,
    workflows,
    workflowRuns: new WorkflowRunService(engine),
    engine,
    leaderRequests,
    cluster,
    startPlant,
    stopPlant,
    runPlant: async () => {
      if (!cluster) return startPlant();
      await deviceStatuses.load();
      await runtime.follow();
      await cluster.leadership.start({
        lead: async () => {
          await startPlant();
          await leaderRequests.takeOver();
        },
        follow: stopPlant,
      });
      await cluster.leadership.settled();
      if (!cluster.leadership.isLeader()) {
        // Values change from now on through the hub; what the leader read before comes here.
        void leaderValues({}).then(
          (snapshot) => runtime.mirror(snapshot),
          (err: unknown) => logger.warn({ err }, 'the leading instance sent no plant values'),
        );
      }
    },
    leavePlant: async () => {
      if (!cluster) return stopPlant();
      await cluster.leave();
    },
    users: new UserService(db, userRepository, principals, auth, configChanged),
    notifications,
    eventLog,
    devices,
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
    products,
  };
}

/** Builds the HTTP application; it does not listen. */
export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const { config, database, services } = deps;
  const app = Fastify({
    loggerInstance: deps.logger ?? silentLogger,
    // Only the named proxies: anyone else's X-Forwarded-For could choose its own address.
    trustProxy: config.trustProxy.length > 0 ? config.trustProxy : false,
    // A client that trickles its request is cut off with 408 instead of holding a connection
    // open for ever. Node's timeout covers receiving the request only: a reply streamed for
    // hours (the live stream, an export) is not cut by it.
    requestTimeout: config.requestBodyTimeoutMs,
    http: {
      headersTimeout: Math.min(60_000, config.requestBodyTimeoutMs),
      // Node looks for expired requests every 30 s by default: as late as the timeout again.
      connectionsCheckingInterval: Math.min(1_000, Math.ceil(config.requestBodyTimeoutMs / 4)),
    },
  }).withTypeProvider<ZodTypeProvider>();
  app.setSerializerCompiler(serializerCompiler);
  await app.register(requestValidation);
  await app.register(jsonBody);

  await app.register(securityHeaders);
  await app.register(errorHandler);
  await app.register(accessControl, { auth: services.auth });
  await app.register(auditTrail, {
    audit: services.audit,
    headIntervalMs: config.audit.headIntervalMs,
  });
  await app.register(openapi, { version: appVersion });
  await app.register(leaderRoutes, {
    requests: services.leaderRequests,
    leads: () => services.cluster?.leadership.isLeader() ?? true,
    tokenFor: (userId) => services.auth.accessTokenFor(userId),
  });

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
      await api.register(sessionRoutes, { prefix: '/user', auth: services.auth });
      await api.register(auditRoutes, { prefix: '/audit', audit: services.audit });
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
      await api.register(pathRoutes, { prefix: '/path', paths: services.paths });
      await api.register(notificationRoutes, {
        prefix: '/notification',
        notifications: services.notifications,
      });
      await api.register(eventRoutes, { prefix: '/event', eventLog: services.eventLog });
      await api.register(simulatorRoutes, { prefix: '/simulator', simulator: services.simulator });
      await api.register(liveRoutes, {
        prefix: '/live',
        bus: services.live,
        auth: services.auth,
        limits: config.live,
        allowedOrigins: config.allowedOrigins,
        initial: () => [plcLinkEvent(services.runtime.link())],
      });
      await api.register(beanRoutes, { prefix: '/bean', beans: services.beans });
      await api.register(productRoutes, { prefix: '/product', products: services.products });
      await api.register(inventoryRoutes, { ledger: services.ledger });
      await api.register(reportRoutes, { prefix: '/report', reports: services.reports });
      await api.register(settingsRoutes, {
        prefix: '/admin/settings',
        settings: services.settings,
      });
      await api.register(serviceHealthRoutes, {
        prefix: '/admin/health',
        registry: services.registry,
      });
      await api.register(adminReportRoutes, { reports: services.adminReports });
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
      await api.register(waitingDeviceRoutes, { prefix: '/flow', dashboard: services.dashboard });
      await api.register(orderRoutes, { orders: services.orders });
      await api.register(packingRoutes, { prefix: '/orders/packing', packing: services.packing });
      await api.register(orderRunRoutes, {
        prefix: '/orders',
        runs: services.orderRuns,
        packing: services.packingRuns,
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
