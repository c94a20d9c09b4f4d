import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { products } from './inventory.ts';

export interface StoredNode {
  id: string;
  type: 'default' | 'custom';
  data: {
    label: string;
    class: 'sm' | 'md' | 'lg';
    targetCount: number;
    sourceCount: number;
    targetPosition: 'top' | 'bottom' | 'left' | 'right';
    sourcePosition: 'top' | 'bottom' | 'left' | 'right';
  };
  position: { x: number; y: number };
  size?: { width: number; height: number };
}

export interface StoredEdge {
  id?: string;
  source: string;
  target: string;
}

export interface StoredWaitDevice {
  device_id: string;
  type: 'binary' | 'input';
  command_id: number;
  condition: '=' | '!=' | '>' | '<' | '>=' | '<=';
  command_value: number;
  is_silo: boolean;
}

export const workflows = pgTable(
  'workflows',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    isSystem: boolean('is_system').notNull().default(false),
    type: text('type', { enum: ['roasting', 'roasted', 'moving', 'packing', 'dumping'] }).notNull(),
    nodes: jsonb('nodes').$type<StoredNode[]>().notNull().default([]),
    edges: jsonb('edges').$type<StoredEdge[]>().notNull().default([]),
    waitTimeoutS: integer('wait_timeout_s').notNull().default(600),
    manualTimeoutS: integer('manual_timeout_s').notNull().default(600),
    /** Bumped on every save of the diagram: a save from a stale copy is refused. */
    revision: integer('revision').notNull().default(1),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('workflows_name_key').on(sql`lower(${t.name})`)],
);

export const workflowSteps = pgTable(
  'workflow_steps',
  {
    id: serial('id').primaryKey(),
    workflowId: integer('workflow_id')
      .notNull()
      .references(() => workflows.id, { onDelete: 'cascade' }),
    sortNo: integer('sort_no').notNull(),
    /** Device code: steps name devices as the plant does. */
    deviceId: text('device_id').notNull(),
    type: text('type', { enum: ['binary', 'input'] }).notNull(),
    commandId: integer('command_id').notNull(),
    commandValue: numeric('command_value', { mode: 'number' }).notNull().default(0),
    dynamic: boolean('dynamic').notNull().default(false),
    waitFinish: boolean('wait_finish').notNull().default(false),
    waitDevice: jsonb('wait_device').$type<StoredWaitDevice[]>().notNull().default([]),
    currentMode: text('current_mode'),
    color: text('color'),
    timeoutS: integer('timeout_s'),
  },
  (t) => [index('workflow_steps_workflow_idx').on(t.workflowId, t.sortNo)],
);

export const workflowTriggers = pgTable(
  'workflow_triggers',
  {
    id: serial('id').primaryKey(),
    workflowId: integer('workflow_id')
      .notNull()
      .references(() => workflows.id, { onDelete: 'cascade' }),
    when: text('when', {
      enum: ['parent_finished', 'order_started', 'dump_acknowledged', 'batch_finished'],
    }).notNull(),
    parentId: integer('parent_id').references(() => workflows.id, { onDelete: 'cascade' }),
  },
  (t) => [
    check(
      'workflow_triggers_parent',
      sql`(${t.when} = 'parent_finished') = (${t.parentId} is not null)`,
    ),
    check('workflow_triggers_not_self', sql`${t.parentId} is distinct from ${t.workflowId}`),
  ],
);

export const workflowProducts = pgTable(
  'workflow_products',
  {
    id: serial('id').primaryKey(),
    workflowId: integer('workflow_id')
      .notNull()
      .references(() => workflows.id, { onDelete: 'cascade' }),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
  },
  (t) => [uniqueIndex('workflow_products_key').on(t.workflowId, t.productId)],
);

/** The order devices are listed in on the run screen. */
export const workflowDeviceSort = pgTable(
  'workflow_device_sort',
  {
    workflowId: integer('workflow_id')
      .notNull()
      .references(() => workflows.id, { onDelete: 'cascade' }),
    deviceId: text('device_id').notNull(),
    sortNo: integer('sort_no').notNull(),
  },
  (t) => [uniqueIndex('workflow_device_sort_key').on(t.workflowId, t.deviceId)],
);

/** Runs as the engine stores them after every transition: plain data, enough to resume. */
export const workflowRuns = pgTable(
  'workflow_runs',
  {
    id: text('id').primaryKey(),
    workflowId: integer('workflow_id').notNull(),
    state: text('state').notNull(),
    data: jsonb('data').notNull(),
    cleared: boolean('cleared').notNull().default(false),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('workflow_runs_open_idx').on(t.cleared, t.workflowId)],
);
