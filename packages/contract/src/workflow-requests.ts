import { z } from 'zod';
import {
  triggerWhen,
  waitDevice,
  workflowEdge,
  workflowNode,
  workflowType,
  type WorkflowType,
} from './workflows.ts';
import { commandKind } from './commands.ts';
import { idParams, int32, wholeNumber } from './integers.ts';

export const workflowListQuery = z.strictObject({
  /** Spec filter types: all, roasting, moving, packing, dumping (and roasted). */
  s: z.union([z.literal('all'), workflowType]).default('all'),
  q: z.string().max(120).optional(),
});

export const workflowListEntry = z.object({
  id: z.number().int(),
  name: z.string(),
  /** System workflows are reserved: they cannot be deleted or overwritten by an import. */
  reserved: z.boolean(),
  type: workflowType,
});
export type WorkflowListEntry = z.infer<typeof workflowListEntry>;

export const createWorkflowBody = z.strictObject({
  name: z.string().trim().min(1, { error: 'Please enter a workflow name' }).max(120),
  type: workflowType,
});

/** Spec: save flow sends the node list, the edge list and the id. */
export const saveFlowBody = z.strictObject({
  id: int32({ error: 'Error in saving flow' }).positive(),
  nodes: z.array(workflowNode, { error: 'Error in saving flow' }),
  edges: z.array(workflowEdge, { error: 'Error in saving flow' }),
  /** The revision the editor loaded; a save over a newer one is refused with 409. */
  revision: int32().positive().optional(),
});

export const diagram = z.object({
  id: z.number().int(),
  name: z.string(),
  type: workflowType,
  isSystem: z.boolean(),
  nodes: z.array(workflowNode),
  edges: z.array(workflowEdge),
  revision: z.number().int(),
});
export type Diagram = z.infer<typeof diagram>;

export const workflowSettingBody = z.strictObject({
  type: z.enum(['wait_timeout_s', 'manual_timeout_s']),
  value: wholeNumber(1, 86_400, 'A timeout must be a whole number between 1 and 86,400 seconds.'),
});

const stepFields = {
  device_id: z
    .string({ error: 'Please select a device' })
    .min(1, { error: 'Please select a device' }),
  type: commandKind,
  command_id: int32().positive(),
  /** A missing value is sent as 0 (spec). */
  command_value: z.number().finite().default(0),
  dynamic: z.boolean().default(false),
  wait_finish: z.boolean().default(false),
  /** A JSON text in the spec's form; an array is accepted too. */
  wait_device: z
    .union([z.string(), z.array(waitDevice)])
    .default([])
    .transform((v, ctx) => {
      if (Array.isArray(v)) return v;
      try {
        return z.array(waitDevice).parse(v.trim() ? JSON.parse(v) : []);
      } catch {
        ctx.addIssue({
          code: 'custom',
          message: 'wait_device must be a JSON list of wait conditions',
        });
        return z.NEVER;
      }
    }),
  current_mode: z.string().max(40).nullable().optional(),
  color: z.string().max(20).nullable().optional(),
  timeout_s: int32().positive().nullable().optional(),
};

export const createStepBody = z.strictObject({
  workflow_id: int32().positive(),
  ...stepFields,
});
export type CreateStepBody = z.infer<typeof createStepBody>;

export const updateStepBody = z.strictObject({
  id: int32().positive(),
  logic: z.strictObject(stepFields),
});
export type StepFields = z.infer<typeof updateStepBody>['logic'];

export const sortStepsBody = z.strictObject({
  logics: z.array(z.strictObject({ id: int32().positive(), sort_no: int32().min(0) })).min(1),
});

export const importStepsBody = z
  .strictObject({ from_id: int32().positive(), to_id: int32().positive() })
  .refine((b) => b.from_id !== b.to_id, { error: 'Choose another workflow to import from' });

export const deviceSortBody = z.array(
  z.strictObject({
    device_name: z.string(),
    device_id: z.string().min(1),
    work_flow_id: int32().positive(),
    sort_no: int32().min(0),
  }),
);

export const workflowProductBody = z.strictObject({
  product_id: int32({ error: 'Please select a product' }).positive({
    error: 'Please select a product',
  }),
  workflow_id: int32().positive(),
});

export const workflowProductEntry = z.object({
  id: z.number().int(),
  product_id: z.number().int(),
  product_name: z.string(),
  product_description: z.string(),
});

export const workflowTriggerBody = z
  .strictObject({
    workflow_id: int32({ error: 'Please select a workflow' }).positive({
      error: 'Please select a workflow',
    }),
    parent_id: int32().positive().nullable().default(null),
    when: triggerWhen.default('parent_finished'),
  })
  .refine((b) => (b.when === 'parent_finished') === (b.parent_id !== null), {
    error: 'Please select a workflow',
    path: ['parent_id'],
  });

export const workflowTriggerEntry = z.object({
  id: z.number().int(),
  when: triggerWhen,
  workflow: z.object({ id: z.number().int(), name: z.string() }),
  parent: z.object({ id: z.number().int(), name: z.string() }).nullable(),
});

export const workflowIdParams = idParams('Workflow');

export const stopWorkflowBody = z.strictObject({ type: z.string().max(40).optional() }).default({});

export const workflowTypes: readonly WorkflowType[] = workflowType.options;
