import {
  GREEN_SILO_TYPE_ID,
  ROASTED_BIN_TYPE_ID,
  historianTagKeyOf,
  RoasterPhase,
  Stage,
  stageNames,
  worstLiveness,
  type ActiveOrderFlow,
  type DashboardOverview,
  type DeviceSummary,
  type OrderFlow,
  type SiloStat,
  type StageId,
  type SystemStatus,
  type WaitingDevice,
  type WorkflowRun,
} from '@roastery/contract';
import { nameHolding } from '../inventory/holding-name.ts';
import type { LedgerService } from '../inventory/ledger-service.ts';
import { fromCenti, toCenti } from '../inventory/weights.ts';
import type { DeviceService } from '../devices/device-service.ts';
import type { OrderRouteReader } from '../order-runs/order-route.ts';
import type { OrderService } from '../orders/order-service.ts';
import type { ProductService } from '../products/product-service.ts';
import type { CommandRole } from '../../plant/catalog/plant-catalog.ts';
import type { EventHub } from '../../plant/hub/event-hub.ts';
import type { PlantEvent } from '../../plant/hub/plant-events.ts';
import type { PlantRuntime } from '../../plant/runtime/plant-runtime.ts';
import type {
  ActiveOrderRow,
  DashboardRepository,
  DiagramRow,
  OrderRunRow,
} from './dashboard-repository.ts';
import { readPlantActivity, type PlantActivity, type RunsView } from './plant-activity.ts';
import { alongRoute, type RouteNodeKind } from './route-diagram.ts';
import { SharedRead } from '../../lib/shared-read.ts';

export interface DashboardDeps {
  repo: DashboardRepository;
  ledger: LedgerService;
  runtime: PlantRuntime;
  runs: RunsView;
  devices: Pick<DeviceService, 'list'>;
  products: Pick<ProductService, 'list'>;
  /** The roasting orders under way, as the order screens present them. */
  orders: Pick<OrderService, 'active'>;
  /** Where each roasting order's beans go: its silos, roaster and bin. */
  routes: Pick<OrderRouteReader, 'of'>;
  /** A plant event that changes what a reply shows ends the sharing of the read before it. */
  hub: Pick<EventHub, 'subscribeAll'>;
}

const stages = Object.values(Stage) as StageId[];

/**
 * A reply answers again for this long unless a plant event changed what it shows (the
 * dashboard refreshes every 10 s and on those events). The embedded database answers one query
 * at a time, so fifty screens must not cost fifty reads of ten queries each.
 */
const REPLY_MAX_AGE_MS = 1_000;

/**
 * The readings a reply is made of: a device's running feedback, roaster phase, mode and alarm
 * (its state and its stage's), and silo levels. Other values (temperatures, speeds) change on
 * every scan of a working plant; what they make a wait hold reaches the dashboard as the run's
 * own event, and the roaster cards' temperature is as fresh as their 3 s poll.
 */
const SHOWN_ROLES: ReadonlySet<CommandRole> = new Set([
  'running',
  'roaster-phase',
  'manual-mode-active',
  'alarm-code',
  'occupancy',
]);

function changesDashboard(event: PlantEvent): boolean {
  if (event.type !== 'value') return true;
  return event.role !== null && SHOWN_ROLES.has(event.role);
}

const phaseNames = new Map<number, string>(
  Object.entries(RoasterPhase).map(([name, value]) => [value, name]),
);

/** A roaster's Phase register in words; a code the plant added later still reads as one. */
function phaseName(code: number): string {
  return phaseNames.get(code) ?? `Unknown phase (${code})`;
}

/** Per order, its batches that had a run, latest first (the repository's order). */
function runsByOrder(rows: OrderRunRow[]): Map<number, OrderRunRow[]> {
  return Map.groupBy(rows, (row) => row.orderId);
}

/**
 * The plant dashboard's read model: stage tiles, the orders under way with the diagrams of
 * their workflows and the live state of each device in them, the silos, what runs wait on, and
 * the system-status drawer. It reads the plant (runtime, engine) once per reply.
 */
export class DashboardService {
  readonly #d: DashboardDeps;
  readonly #overview = new SharedRead(() => this.#readOverview(), { maxAgeMs: REPLY_MAX_AGE_MS });
  readonly #systemStatus = new SharedRead(() => this.#readSystemStatus(), {
    maxAgeMs: REPLY_MAX_AGE_MS,
  });

  constructor(deps: DashboardDeps) {
    this.#d = deps;
    deps.hub.subscribeAll((event) => {
      if (!changesDashboard(event)) return;
      this.#overview.invalidate();
      this.#systemStatus.invalidate();
    });
  }

  /**
   * The Silo Bins Occupancy: the ledger's book weight next to the level the PLC reports, so
   * people watch a silo fill during a dump and see when book and level disagree.
   */
  async silos(): Promise<SiloStat[]> {
    const contents = await this.#d.ledger.siloContents();
    return contents
      .map((c) => {
        const { runtime } = this.#d;
        const measured = runtime.reading(c.device_id, 'occupancy');
        const level = measured ?? c.occupancy;
        // A silo without a level sensor shows its book weight, which the PLC has no part in.
        const sensor = runtime.catalog()?.refOf(c.device_id, 'occupancy');
        const reading = sensor && runtime.value(sensor);
        const percentage =
          c.capacity && c.capacity > 0
            ? Math.min(100, Math.max(0, fromCenti(Math.round((toCenti(level) * 100) / c.capacity))))
            : 0;
        return {
          id: c.device_id,
          name: c.device_name,
          occupancy: c.occupancy,
          measured,
          capacity: c.capacity,
          current_beans: nameHolding(c.lots),
          percentage,
          quality: sensor ? (reading?.quality ?? 'offline') : 'good',
          not_live_since: sensor ? runtime.notLiveSince([reading]) : null,
        };
      })
      .sort((a, b) => a.name.localeCompare(b.name, undefined, { numeric: true }));
  }

  /** GET /dashboard/v2; concurrent requests share one read (see SharedRead). */
  overview(): Promise<DashboardOverview> {
    return this.#overview.get();
  }

  /** GET /dashboard/system_status: roasting orders with their batch timeline, roasters, and inactive devices. */
  systemStatus(): Promise<SystemStatus> {
    return this.#systemStatus.get();
  }

  async #readOverview(): Promise<DashboardOverview> {
    const [devices, silos, rows] = await Promise.all([
      this.#d.devices.list(),
      this.silos(),
      this.#d.repo.activeOrders(),
    ]);
    const activity = readPlantActivity(this.#d.runtime, this.#d.runs);
    const roasting = rows.filter((r) => r.order.kind === 'roasting').map((r) => r.order);
    const [runs, diagrams, products, routes] = await Promise.all([
      this.#d.repo.batchRuns(rows.map((r) => r.order.id)),
      this.#diagrams(rows),
      this.#d.products.list(),
      this.#d.routes.of(roasting, devices),
    ]);
    const byOrder = runsByOrder(runs);
    const byCode = new Map(devices.map((d) => [d.device_id, d]));
    const kindOf = (code: string): RouteNodeKind => {
      const type = byCode.get(code)?.device_type;
      if (type === GREEN_SILO_TYPE_ID) return 'silo';
      return type === ROASTED_BIN_TYPE_ID ? 'bin' : 'other';
    };
    const productNames = new Map(products.map((p) => [p.product_id, p.product_name]));
    /** The order's workflow diagram, a roasting order's drawn along its route. */
    const diagramOf = (order: ActiveOrderRow['order']) => {
      const diagram = diagrams.get(order.workflowId ?? 0);
      const route = routes.get(order.id);
      return diagram && route ? alongRoute(diagram, route, kindOf) : diagram;
    };
    const orders = rows.map((row): ActiveOrderFlow => ({
      order_id: row.order.id,
      kind: row.order.kind,
      order_name: row.order.name,
      order_customer: row.order.customer,
      product_name: productNames.get(row.order.productId) ?? '',
      status: row.order.status,
      ord_tig: row.order.paused ? 1 : 0,
      total_split: row.total,
      reaming_batch: row.pending,
      batch: byOrder.get(row.order.id)?.find((b) => b.status === 'running')?.seq ?? null,
      flow: flowOf(diagramOf(row.order), byCode, activity),
      route: routes.get(row.order.id) ?? null,
    }));
    return {
      stages: stages.map((stage) => {
        const ofStage = devices.filter((d) => d.device_stage === stage);
        const running = ofStage.filter((d) => activity.isRunning(d.device_id));
        return {
          stage,
          name: stageNames[stage],
          active: running.length > 0,
          running: running.map((d) => d.device_id),
          devices: ofStage.length,
          ...worstLiveness(ofStage),
        };
      }),
      orders,
      silos,
      waiting_devices: activity.waitedOn.size,
    };
  }

  async #readSystemStatus(): Promise<SystemStatus> {
    const [devices, orders] = await Promise.all([this.#d.devices.list(), this.#d.orders.active()]);
    const runs = await this.#d.repo.batchRuns(orders.map((o) => o.order_id));
    const activity = readPlantActivity(this.#d.runtime, this.#d.runs);
    const byOrder = runsByOrder(runs);
    const running = runs.filter((b) => b.status === 'running');
    const totals = new Map(orders.map((o) => [o.order_id, o.total_split]));
    return {
      orders: orders.map((order) => ({
        ...order,
        timeline: this.#latestRun(byOrder.get(order.order_id))?.timeline ?? [],
      })),
      roasters: devices
        .filter((d) => d.device_stage === Stage.Roasting)
        .map((d) => {
          const batch = running.find((b) => b.roasterDevice === d.d_id);
          const phase = this.#d.runtime.reading(d.device_id, 'roaster-phase');
          const probe = this.#d.runtime.catalog()?.refOf(d.device_id, 'bean-temperature');
          const inDrum = phase === RoasterPhase.Charging || phase === RoasterPhase.Roasting;
          return {
            device_id: d.device_id,
            device_name: d.device_name,
            active: activity.isRunning(d.device_id),
            order_id: batch?.orderId ?? null,
            batch: batch?.seq ?? null,
            total_split: batch ? (totals.get(batch.orderId) ?? null) : null,
            phase: phase === null ? null : phaseName(phase),
            temperature: this.#d.runtime.reading(d.device_id, 'bean-temperature'),
            temperature_tag: probe
              ? historianTagKeyOf({
                  device_id: probe.device_id,
                  kind: probe.command_kind,
                  command_id: probe.command_id,
                })
              : null,
            roast_time_s: inDrum ? this.#d.runtime.reading(d.device_id, 'roast-time') : null,
            quality: d.quality,
            not_live_since: d.not_live_since,
          };
        }),
      inActive: devices
        .filter((d) => d.manual === true || d.quality !== 'good')
        .map((d) => ({ device_id: d.device_id, device_name: d.device_name })),
    };
  }

  /** GET /flow/waiting/devices: every condition an active run waits on, longest wait first. */
  async waitingDevices(): Promise<WaitingDevice[]> {
    const waits = this.#d.runs.waiting();
    const owners = await this.#d.repo.ordersOfRuns([...new Set(waits.map((w) => w.run_id))]);
    const orderOf = new Map(owners.map((o) => [o.runId, o.orderId]));
    const { runtime } = this.#d;
    const catalog = runtime.catalog();
    return waits
      .map((w) => ({ w, reading: runtime.value(w.ref) }))
      .map(({ w, reading }) => ({
        device_id: w.ref.device_id,
        device_name: catalog?.device(w.ref.device_id)?.device_name ?? w.ref.device_id,
        run_id: w.run_id,
        workflow_id: w.workflow_id,
        workflow_name: w.workflow_name,
        step: w.step_index + 1,
        kind: w.kind,
        condition: w.text,
        current: w.current,
        quality: reading?.quality ?? 'offline',
        not_live_since: runtime.notLiveSince([reading]),
        since: w.since,
        order_id: orderOf.get(w.run_id) ?? null,
      }))
      .sort((a, b) => a.since.localeCompare(b.since) || a.device_id.localeCompare(b.device_id));
  }

  async #diagrams(rows: ActiveOrderRow[]): Promise<Map<number, DiagramRow>> {
    const ids = [
      ...new Set(rows.flatMap((r) => (r.order.workflowId === null ? [] : [r.order.workflowId]))),
    ];
    return new Map((await this.#d.repo.diagrams(ids)).map((d) => [d.id, d]));
  }

  /** The run of the order's latest batch that had one, while the engine still holds it. */
  #latestRun(batches: OrderRunRow[] | undefined): WorkflowRun | undefined {
    const latest = batches?.[0];
    if (!latest?.runId || latest.workflowId === null) return undefined;
    const run = this.#d.runs.currentRun(latest.workflowId);
    return run?.id === latest.runId ? run : undefined;
  }
}

/** The workflow's diagram with the state of each of its devices; null without a diagram. */
function flowOf(
  diagram: DiagramRow | undefined,
  devices: Map<string, DeviceSummary>,
  activity: PlantActivity,
): OrderFlow | null {
  if (!diagram || diagram.nodes.length === 0) return null;
  return {
    workflow_id: diagram.id,
    workflow_name: diagram.name,
    nodes: diagram.nodes,
    edges: diagram.edges,
    devices: diagram.nodes.flatMap((node) => {
      const device = devices.get(node.id);
      return device
        ? [
            {
              device_id: device.device_id,
              device_name: device.device_name,
              device_type_name: device.device_type_name,
              image: device.image,
              state: activity.stateOf(device),
              quality: device.quality,
              not_live_since: device.not_live_since,
            },
          ]
        : [];
    }),
  };
}
