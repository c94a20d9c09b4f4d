import { z } from 'zod';
import { liveness } from './devices.ts';
import { dump } from './dumps.ts';
import { int32 } from './integers.ts';
import { roastingOrder } from './orders.ts';
import { timelineEntry, workflowEdge, workflowNode } from './workflows.ts';

export const dashboardMessages = {
  substitute: 'Please select a substitute silo bin',
} as const;

/** A row of the Silo Bins Occupancy table: the book weight and the level the PLC reports. */
export const siloStat = z.object({
  id: z.string(),
  name: z.string(),
  /** What the ledger says it holds, lbs. */
  occupancy: z.number(),
  /** The PLC's level reading, lbs; null when the PLC has not reported it. */
  measured: z.number().nullable(),
  capacity: z.number().nullable(),
  current_beans: z.string(),
  /** Fill level in percent of capacity, from the PLC reading when there is one. */
  percentage: z.number(),
  /** Of the PLC's level reading; good for a silo without a level sensor (its fill is the book's). */
  ...liveness,
});
export type SiloStat = z.infer<typeof siloStat>;

export const siloCandidate = z.object({
  device_id: z.string(),
  device_name: z.string(),
  lbs: z.number(),
});

/**
 * A transfer whose source ran empty before its weight was moved (the conveyor reports no flow).
 * With substitutes it is the substitute-silo prompt, without it is the empty-silo prompt.
 */
export const siloPrompt = z.object({
  transfer_id: z.number().int(),
  source_device_id: z.string(),
  source_device_name: z.string(),
  target_device_name: z.string(),
  bean_id: z.number().int().nullable(),
  bean_name: z.string(),
  target_amount: z.number(),
  moved_amount: z.number(),
  remaining: z.number(),
  since: z.string(),
  /** Other silos on the same conveyor holding the same bean, fullest first. */
  substitutes: z.array(siloCandidate),
  /** The substitute chosen with POST /dashboard/bean/device, if any. */
  substitute_device_id: z.string().nullable(),
});
export type SiloPrompt = z.infer<typeof siloPrompt>;

export const singleSiloBody = z.strictObject({
  transfer_id: int32().positive(),
  /** bagoff: end the transfer with what has moved; continue: keep waiting for beans. */
  type: z.enum(['bagoff', 'continue']),
});

export const substituteBody = z.strictObject({
  transfer_id: int32().positive(),
  device_id: z
    .string({ error: dashboardMessages.substitute })
    .trim()
    .min(1, { error: dashboardMessages.substitute })
    .max(32),
});

export const continueOrderBody = z.strictObject({ transfer_id: int32().positive() });

/** A dump request still waiting at the station, for the supervisors' reminder popup. */
export const waitingDump = dump.extend({ waiting_seconds: z.number().int() });
export type WaitingDump = z.infer<typeof waitingDump>;

export const dumpReminderBody = z.strictObject({ dump_id: int32().positive() });

/** A dump whose dumping workflow did not finish: how much reached the silo, and what is left. */
export const dumpError = dump.extend({
  /** Measured by the silo's level since the dump started; null when the PLC did not report. */
  moved_amount: z.number().nullable(),
  remaining: z.number(),
});
export type DumpError = z.infer<typeof dumpError>;

export const dumpErrorBody = z.strictObject({
  dump_id: int32().positive(),
  /** N: book what went in and ask for a new dump of the rest; B: book what went in and bag off the rest; C: run the dumping workflow again. */
  type: z.enum(['N', 'B', 'C']),
});

/**
 * A device on the dashboard, as its flow animation shows it. In order of precedence: offline
 * (the PLC does not report it), alarm, manual, running (its Running feedback or roaster phase
 * says so, or an active run drives it), waiting (an active run waits on it), idle.
 */
export const flowDeviceState = z.enum(['offline', 'alarm', 'manual', 'running', 'waiting', 'idle']);
export type FlowDeviceState = z.infer<typeof flowDeviceState>;

export const flowDevice = z.object({
  device_id: z.string(),
  device_name: z.string(),
  device_type_name: z.string(),
  image: z.string(),
  /** 'offline' while its values are not live (stale too). */
  state: flowDeviceState,
  ...liveness,
});
export type FlowDevice = z.infer<typeof flowDevice>;

/** An order's roasting (or packing) workflow as its diagram draws it, with its devices' states. */
export const orderFlow = z.object({
  workflow_id: z.number().int(),
  workflow_name: z.string(),
  nodes: z.array(workflowNode),
  edges: z.array(workflowEdge),
  /** One entry per node that is a device of the plant. */
  devices: z.array(flowDevice),
});
export type OrderFlow = z.infer<typeof orderFlow>;

/** A device of an order's route, as the screens name it. */
export const routeDevice = z.object({ device_id: z.string(), device_name: z.string() });
export type RouteDevice = z.infer<typeof routeDevice>;

/**
 * The way a roasting order's beans go, whatever its workflow was drawn with: the green silos it
 * draws from, the roaster, the roasted-bean bin it fills.
 */
export const orderRoute = z.object({
  /**
   * batches: what its batches have drawn, the one under way included, in the order first used;
   * plan: what its next batch would draw from the silos now, while no batch has drawn yet.
   */
  silos_from: z.enum(['batches', 'plan']),
  /** Empty when no silo holds its beans (a plan only). */
  silos: z.array(routeDevice),
  roaster: routeDevice.nullable(),
  destination: routeDevice.nullable(),
});
export type OrderRoute = z.infer<typeof orderRoute>;

/** A roasting order being processed (or paused), or a packing order being packed. */
export const activeOrderFlow = z.object({
  order_id: z.number().int(),
  kind: z.enum(['roasting', 'packing']),
  order_name: z.string(),
  order_customer: z.string(),
  product_name: z.string(),
  status: z.number().int(),
  ord_tig: z.union([z.literal(0), z.literal(1)]),
  total_split: z.number().int(),
  reaming_batch: z.number().int(),
  /** The batch under way (1-based), null between batches. */
  batch: z.number().int().nullable(),
  /**
   * Null when the order has no workflow, or its workflow has no diagram. A roasting order's
   * diagram is drawn along its route: its silos and bin in place of the workflow's own.
   */
  flow: orderFlow.nullable(),
  /** A roasting order's route; null for a packing order. */
  route: orderRoute.nullable(),
});
export type ActiveOrderFlow = z.infer<typeof activeOrderFlow>;

/** A stage tile: Active while one of its devices is running or driven by an active run. */
export const stageTile = z.object({
  /** The stage number (device_stage, 1 to 4); its tab on the devices screen is stage - 1. */
  stage: z.number().int(),
  name: z.string(),
  active: z.boolean(),
  /** Codes of the stage's running devices. */
  running: z.array(z.string()),
  devices: z.number().int(),
  /** The worst of its devices': while not good, Active or Inactive is not known for certain. */
  ...liveness,
});
export type StageTile = z.infer<typeof stageTile>;

/** GET /dashboard/v2: everything the plant dashboard shows, in one reply. */
export const dashboardOverview = z.object({
  stages: z.array(stageTile),
  orders: z.array(activeOrderFlow),
  silos: z.array(siloStat),
  /** How many devices active runs are waiting on (the Waiting Devices tile). */
  waiting_devices: z.number().int(),
});
export type DashboardOverview = z.infer<typeof dashboardOverview>;

/** GET /flow/waiting/devices: a device an active run is waiting on, and on what. */
export const waitingDevice = z.object({
  device_id: z.string(),
  device_name: z.string(),
  run_id: z.string(),
  workflow_id: z.number().int(),
  workflow_name: z.string(),
  /** The step waiting, 1-based as the test-flow screen numbers them. */
  step: z.number().int(),
  /** wait_finish: the feedback of the step's write; wait_device: a condition of the step. */
  kind: z.enum(['wait_finish', 'wait_device']),
  /** 'R1 Charge Gate Opened = 1'. */
  condition: z.string(),
  /** The reading now; null when the PLC does not report it. */
  current: z.number().nullable(),
  /** Of the reading. */
  ...liveness,
  since: z.string(),
  /** The order whose batch the run is, if any. */
  order_id: z.number().int().nullable(),
});
export type WaitingDevice = z.infer<typeof waitingDevice>;

/** GET /dashboard/system_status */
export const systemStatus = z.object({
  orders: z.array(
    roastingOrder.extend({
      /** The timeline of the batch under way, as its workflow run records it. */
      timeline: z.array(timelineEntry),
    }),
  ),
  roasters: z.array(
    z.object({
      device_id: z.string(),
      device_name: z.string(),
      active: z.boolean(),
      order_id: z.number().int().nullable(),
      /** The batch it roasts (1-based) of how many its order has; null between batches. */
      batch: z.number().int().nullable(),
      total_split: z.number().int().nullable(),
      /** Its phase in words (Idle, Charging, Roasting, Dropping, Cooling). */
      phase: z.string().nullable(),
      /** Bean temperature, °F; null when the roaster has no probe or the PLC has not said. */
      temperature: z.number().nullable(),
      /** The bean probe's historian tag (`R1/input/5`), for its trend; null without a probe. */
      temperature_tag: z.string().nullable(),
      /**
       * Seconds of the batch in the drum by the roaster's own roast clock, while it charges or
       * roasts; null between batches or without the clock.
       */
      roast_time_s: z.number().nullable(),
      /** Of its PLC values (active, phase, temperature). */
      ...liveness,
    }),
  ),
  inActive: z.array(z.object({ device_id: z.string(), device_name: z.string() })),
});
export type SystemStatus = z.infer<typeof systemStatus>;
