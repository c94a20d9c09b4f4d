import { z } from 'zod';
import { commandKind } from './commands.ts';
import { int32, wholeNumber } from './integers.ts';

/**
 * Workflows: a diagram (nodes and edges, for people) plus ordered steps (logics, for the
 * engine), their triggers, and the state of a run. Field names follow the spec, so the web app
 * and the server read the same shapes.
 */

export const workflowType = z.enum(['roasting', 'roasted', 'moving', 'packing', 'dumping']);
export type WorkflowType = z.infer<typeof workflowType>;

const handlePosition = z.enum(['top', 'bottom', 'left', 'right']);
const handleCount = wholeNumber(1, 5, 'A node has a whole number of handles between 1 and 5.');

export const workflowNode = z.object({
  id: z.string().min(1),
  type: z.enum(['default', 'custom']),
  data: z.object({
    label: z.string(),
    class: z.enum(['sm', 'md', 'lg']).default('lg'),
    targetCount: handleCount.default(1),
    sourceCount: handleCount.default(1),
    targetPosition: handlePosition.default('top'),
    sourcePosition: handlePosition.default('bottom'),
  }),
  position: z.object({ x: z.number(), y: z.number() }),
  size: z.object({ width: z.number(), height: z.number() }).optional(),
});
export type WorkflowNode = z.infer<typeof workflowNode>;

export const workflowEdge = z.object({
  id: z.string().optional(),
  source: z.string().min(1),
  target: z.string().min(1),
});
export type WorkflowEdge = z.infer<typeof workflowEdge>;

export const waitConditionOperator = z.enum(['=', '!=', '>', '<', '>=', '<=']);
export type WaitConditionOperator = z.infer<typeof waitConditionOperator>;

/** One entry of a step's wait_device list: the run waits until the PLC shows it. */
export const waitDevice = z.object({
  /** Device code, e.g. 'R1'. */
  device_id: z.string().min(1),
  type: commandKind,
  command_id: int32(),
  /** The spec asks for a condition on input commands only; binary ones compare with '='. */
  condition: waitConditionOperator.default('='),
  command_value: z.number().min(0, { error: 'A waiting value must be 0 or more.' }),
  is_silo: z.boolean().default(false),
});
export type WaitDevice = z.infer<typeof waitDevice>;

/** A workflow step (the spec's "logic"). */
export const workflowStep = z.object({
  id: z.number().int(),
  sort_no: z.number().int(),
  /** Device code, e.g. 'GS1'. */
  device_id: z.string().min(1),
  type: commandKind,
  command_id: z.number().int(),
  /** Ignored when dynamic: the value is then asked for at start. A missing value is 0. */
  command_value: z.number().default(0),
  dynamic: z.boolean().default(false),
  /** Wait until the PLC feedback shows the written value before going on. */
  wait_finish: z.boolean().default(false),
  wait_device: z.array(waitDevice).default([]),
  current_mode: z.string().nullable().default(null),
  color: z.string().nullable().default(null),
  /** Overrides the workflow's wait timeout for this step's waits. */
  timeout_s: z.number().positive().nullable().default(null),
});
export type WorkflowStep = z.infer<typeof workflowStep>;

export const WORKFLOW_SETTING_DEFAULTS = {
  /** How long one wait (feedback or wait_device conditions) may take before the run fails. */
  wait_timeout_s: 600,
  /** How long a run may stay paused by a device in manual mode before it fails. */
  manual_timeout_s: 600,
} as const;

export const workflowSettings = z.object({
  wait_timeout_s: z.number().positive().default(WORKFLOW_SETTING_DEFAULTS.wait_timeout_s),
  manual_timeout_s: z.number().positive().default(WORKFLOW_SETTING_DEFAULTS.manual_timeout_s),
});
export type WorkflowSettings = z.infer<typeof workflowSettings>;

export const workflow = z.object({
  id: z.number().int().positive(),
  name: z.string().min(1),
  isSystem: z.boolean().default(false),
  type: workflowType,
  nodes: z.array(workflowNode).default([]),
  edges: z.array(workflowEdge).default([]),
  steps: z.array(workflowStep).default([]),
  settings: workflowSettings.default(WORKFLOW_SETTING_DEFAULTS),
});
export type Workflow = z.infer<typeof workflow>;

/** What the engine needs of a workflow: the diagram is for people only. */
export type WorkflowDefinition = Pick<Workflow, 'id' | 'name' | 'type' | 'steps' | 'settings'>;

/** Plant events a workflow can be bound to, besides its parent finishing. */
export const plantEventType = z.enum(['order_started', 'dump_acknowledged', 'batch_finished']);
export type PlantEventType = z.infer<typeof plantEventType>;

export const triggerWhen = z.enum(['parent_finished', ...plantEventType.options]);
export type TriggerWhen = z.infer<typeof triggerWhen>;

/** Starts `workflow` when `parent` finishes, or when the plant event `when` happens. */
export const workflowTrigger = z
  .object({
    id: z.number().int(),
    when: triggerWhen,
    workflow: z.number().int().positive(),
    parent: z.number().int().positive().nullable(),
  })
  .refine((t) => (t.when === 'parent_finished') === (t.parent !== null), {
    message: 'A parent workflow is required exactly when the trigger waits for a parent.',
    path: ['parent'],
  });
export type WorkflowTrigger = z.infer<typeof workflowTrigger>;

/**
 * idle -> running -> finished | stopped | failed; running <-> paused (a device in manual mode);
 * running | paused -> interrupted (found active when the server started) -> running | stopped.
 */
export const runState = z.enum([
  'idle',
  'running',
  'paused',
  'interrupted',
  'finished',
  'stopped',
  'failed',
]);
export type RunState = z.infer<typeof runState>;

/**
 * How far one step got. 'writing' is stored before the write is sent, so a restart knows the
 * write may have reached the PLC; 'written' means the PLC acknowledged it; 'confirmed' means
 * its feedback showed the value; 'done' means every wait of the step held.
 */
export const stepPhase = z.enum(['pending', 'writing', 'written', 'confirmed', 'done']);
export type StepPhase = z.infer<typeof stepPhase>;

export const timelineEntry = z.object({
  id: z.number().int(),
  device_id: z.string().nullable(),
  message: z.string(),
  at: z.string(),
});
export type TimelineEntry = z.infer<typeof timelineEntry>;

/** One row per step: what the console wrote and what the PLC shows. */
export const statusRow = z.object({
  device_name: z.string(),
  type: commandKind,
  command_id: z.number().int(),
  response_from_app: z.number().nullable(),
  response_from_plc: z.number().nullable(),
});
export type StatusRow = z.infer<typeof statusRow>;

export const commandRef = z.object({
  device_id: z.string(),
  command_kind: commandKind,
  command_id: z.number().int(),
});
export type CommandRef = z.infer<typeof commandRef>;

/**
 * The start of a run: a person on the run screen (a test run), an order (a production run: a
 * roasting batch or a packing run), a parent workflow finishing, or a plant event.
 */
export const runOrigin = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('person') }),
  z.object({
    kind: z.literal('order'),
    order_id: z.number().int().positive(),
    /** The roasting batch's place in its order; null for a packing run. */
    batch: z.number().int().positive().nullable(),
  }),
  z.object({ kind: z.literal('parent'), parent_run_id: z.string() }),
  z.object({ kind: z.literal('event'), event: plantEventType }),
]);
export type RunOrigin = z.infer<typeof runOrigin>;

/** What starts runs for requests of its own, and settles them when they end. */
export const runOwnerKind = z.enum(['dump', 'transfer', 'batch', 'packing']);
export type RunOwnerKind = z.infer<typeof runOwnerKind>;

/** The request a run was started for: its owner's kind and the request's id. */
export const runOwner = z.object({
  kind: runOwnerKind,
  id: z.number().int().positive(),
});
export type RunOwner = z.infer<typeof runOwner>;

/** A run as the engine stores it after every transition: plain data, enough to resume. */
export const workflowRun = z.object({
  id: z.string(),
  workflow_id: z.number().int().positive(),
  workflow_name: z.string(),
  workflow_type: workflowType,
  /** The steps as they were at start: editing the workflow never changes a run under way. */
  steps: z.array(workflowStep),
  settings: workflowSettings,
  state: runState,
  current_step: z.number().int().min(0),
  phases: z.array(stepPhase),
  /** Values of dynamic steps, by step id. */
  dynamic_values: z.record(z.string(), z.number()),
  who: z.string(),
  origin: runOrigin,
  /**
   * The request the run settles when it ends; null when none started it (a person did). Absent
   * from runs stored before runs carried their owner.
   */
  owner: runOwner.nullable().optional(),
  started_at: z.string(),
  ended_at: z.string().nullable(),
  error: z.string().nullable(),
  /** Devices in manual mode that hold the run paused. */
  paused_by: z.array(z.string()),
  timeline: z.array(timelineEntry),
  status: z.array(statusRow),
  /** Every app command the run wrote: what Clear & Reset sets back to 0. */
  touched: z.array(commandRef),
  cleared_at: z.string().nullable(),
});
export type WorkflowRun = z.infer<typeof workflowRun>;

/** The spec's running workflow state, polled every second by the run screen. */
export const runningWorkflowState = z.object({
  running: z.boolean(),
  id: z.number().int().positive(),
  type: workflowType,
  timeline: z.array(timelineEntry),
  devices: z.array(z.object({ device_id: z.string(), device_name: z.string() })),
  status: z.array(statusRow),
  run_id: z.string().nullable(),
  /** What started the run shown; null while no run is shown. */
  origin: runOrigin.nullable(),
  state: runState,
  current_step: z.number().int().nullable(),
  error: z.string().nullable(),
  /** The devices in manual mode that hold a paused run. */
  paused_by: z.array(z.object({ device_id: z.string(), device_name: z.string() })),
});
export type RunningWorkflowState = z.infer<typeof runningWorkflowState>;

/** Start: work_flow_id and the dynamic values by step id. */
export const startWorkflowBody = z.strictObject({
  work_flow_id: int32().positive(),
  dynamic: z.record(z.string(), z.number()).optional(),
});
export type StartWorkflowBody = z.infer<typeof startWorkflowBody>;

/** Check before start: the dynamic values the start dialog must ask for. */
export const dynamicValueForm = z.object({
  show: z.boolean(),
  data: z.array(
    z.object({
      name: z.string(),
      form: z.array(
        z.object({ step_id: z.number().int(), name: z.string(), device_name: z.string() }),
      ),
    }),
  ),
});
export type DynamicValueForm = z.infer<typeof dynamicValueForm>;

/** A problem found by static validation; `message` names the step. */
export const workflowProblem = z.object({
  step_id: z.number().int().nullable(),
  message: z.string(),
});
export type WorkflowProblem = z.infer<typeof workflowProblem>;
