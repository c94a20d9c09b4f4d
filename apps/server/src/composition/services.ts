import type { FastifyBaseLogger } from 'fastify';
import type { DatabaseHandle } from '@roastery/db';
import type { WorkflowEngine } from '@roastery/engine';
import type { Config } from '../config.ts';
import { silentLogger } from '../lib/silent-logger.ts';
import type { AdminReportService } from '../modules/admin-reports/admin-report-service.ts';
import type { AlarmTextService } from '../modules/alarm-texts/alarm-text-service.ts';
import type { AlarmDeliveryService } from '../modules/alarm-delivery/alarm-delivery-service.ts';
import type { AuditService } from '../modules/audit/audit-service.ts';
import type { AuthService } from '../modules/auth/auth-service.ts';
import type { BeanService } from '../modules/beans/bean-service.ts';
import type { CommandService } from '../modules/commands/command-service.ts';
import type { DashboardService } from '../modules/dashboard/dashboard-service.ts';
import type { DeviceStatusService } from '../modules/device-statuses/device-status-service.ts';
import type { DeviceService } from '../modules/devices/device-service.ts';
import type { DumpService } from '../modules/dumps/dump-service.ts';
import type { EventLogService } from '../modules/events/event-log-service.ts';
import type { EventRecorder } from '../modules/events/event-recorder.ts';
import type { ServiceRegistry } from '../modules/health/service-registry.ts';
import type { HistorianService } from '../modules/historian/historian-service.ts';
import type { LedgerService } from '../modules/inventory/ledger-service.ts';
import type { LiveBus } from '../modules/live/live-bus.ts';
import type { NotificationService } from '../modules/notifications/notification-service.ts';
import type { OrderRunService } from '../modules/order-runs/order-run-service.ts';
import type { OrderScheduler } from '../modules/order-runs/order-scheduler.ts';
import type { PackingRunner } from '../modules/order-runs/packing-runner.ts';
import type { OrderService } from '../modules/orders/order-service.ts';
import type { PackingService } from '../modules/packing/packing-service.ts';
import type { PathService } from '../modules/paths/path-service.ts';
import type { PlantDataService } from '../modules/plant-data/plant-data-service.ts';
import type { ProductService } from '../modules/products/product-service.ts';
import type { QualityService } from '../modules/quality/quality-service.ts';
import type { FoodSafetyService } from '../modules/food-safety/food-safety-service.ts';
import type { RecallService } from '../modules/recall/recall-service.ts';
import type { ReportService } from '../modules/reports/report-service.ts';
import type { RoastControlService } from '../modules/roast-control/roast-control-service.ts';
import type { RoastProfileService } from '../modules/roast-profiles/roast-profile-service.ts';
import type { RoastRecordService } from '../modules/roast-records/roast-records-service.ts';
import type { SettingsService } from '../modules/settings/settings-service.ts';
import type { SimulatorService } from '../modules/simulator/simulator-service.ts';
import type { TransferService } from '../modules/transfers/transfer-service.ts';
import type { UserService } from '../modules/users/user-service.ts';
import type { WorkflowRunService } from '../modules/workflows/workflow-run-service.ts';
import type { WorkflowService } from '../modules/workflows/workflow-service.ts';
import type { Cluster } from '../plant/cluster/cluster.ts';
import type { LeaderRequests } from '../plant/cluster/leader-requests.ts';
import type { EventHub } from '../plant/hub/event-hub.ts';
import type { PlantRepository } from '../plant/runtime/plant-repository.ts';
import type { PlantRuntime } from '../plant/runtime/plant-runtime.ts';

/** What the console's composition hands the app, the process and the tests. */
export interface Services {
  auth: AuthService;
  audit: AuditService;
  users: UserService;
  notifications: NotificationService;
  /** Alarm messages by e-mail and webhook, escalation and acknowledgement by link. */
  alarmDelivery: AlarmDeliveryService;
  eventLog: EventLogService;
  devices: DeviceService;
  commands: CommandService;
  alarmTexts: AlarmTextService;
  deviceStatuses: DeviceStatusService;
  simulator: SimulatorService;
  runtime: PlantRuntime;
  hub: EventHub;
  live: LiveBus;
  /** Publishes the plant's values and events to an MQTT broker when an administrator says. */
  plantData: PlantDataService;
  plant: PlantRepository;
  ledger: LedgerService;
  reports: ReportService;
  /** Mock recalls from a lot, a supplier's lot, an order or a customer. */
  recall: RecallService;
  beans: BeanService;
  products: ProductService;
  roastProfiles: RoastProfileService;
  historian: HistorianService;
  roastRecords: RoastRecordService;
  /** Quality release of roasted lots: specifications, results, holds, signed decisions. */
  quality: QualityService;
  /** The food-safety record book: limits, monitoring, deviations, daily verification. */
  foodSafety: FoodSafetyService;
  /** Runs the roasting batches' profiles on the roasters. */
  roastControl: RoastControlService;
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

/** Every name of Services: what the composition hands out, apart from the parts it keeps. */
const serviceNames = {
  auth: true,
  audit: true,
  users: true,
  notifications: true,
  alarmDelivery: true,
  eventLog: true,
  devices: true,
  commands: true,
  alarmTexts: true,
  deviceStatuses: true,
  simulator: true,
  runtime: true,
  hub: true,
  live: true,
  plantData: true,
  plant: true,
  ledger: true,
  reports: true,
  recall: true,
  beans: true,
  products: true,
  roastProfiles: true,
  historian: true,
  roastRecords: true,
  quality: true,
  foodSafety: true,
  roastControl: true,
  settings: true,
  dumps: true,
  transfers: true,
  dashboard: true,
  orders: true,
  packing: true,
  orderRuns: true,
  packingRuns: true,
  orderScheduler: true,
  registry: true,
  adminReports: true,
  paths: true,
  eventRecorder: true,
  workflows: true,
  workflowRuns: true,
  engine: true,
  leaderRequests: true,
  cluster: true,
  startPlant: true,
  stopPlant: true,
  runPlant: true,
  leavePlant: true,
} satisfies Record<keyof Services, true>;

/** What builds the HTTP application. */
export interface AppDeps {
  config: Config;
  database: DatabaseHandle;
  services: Services;
  /** Omitted in tests: the app is then silent. */
  logger?: FastifyBaseLogger;
}

/** The services among everything the composition built. */
export function servicesOf(built: Services): Services {
  return Object.fromEntries(
    Object.keys(serviceNames).map((name) => [name, built[name as keyof Services]]),
  ) as unknown as Services;
}

/** What a process or a test may set of the services: the clocks are the tests'. */
export interface ServiceOptions {
  logger?: FastifyBaseLogger | undefined;
  /** Sign-in throttling and second-factor codes. */
  signInClock?: (() => number) | undefined;
  /** Alarm shelves and floods. */
  alarmClock?: (() => Date) | undefined;
  /** A roast's seconds: the simulated plant's time in tests. */
  roastClock?: (() => number) | undefined;
  /** This instance among several on one database. */
  cluster?: Cluster | undefined;
}

/** What the areas' builds start from: the process's or the test's options, with the defaults. */
export function servicesStart(config: Config, database: DatabaseHandle, options: ServiceOptions) {
  return {
    config,
    database,
    logger: options.logger ?? silentLogger,
    signInClock: options.signInClock ?? Date.now,
    alarmClock: options.alarmClock ?? (() => new Date()),
    roastClock: options.roastClock ?? Date.now,
    cluster: options.cluster,
  };
}
