import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  real,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { users } from './users.ts';

const lbs = (name: string) => numeric(name, { precision: 12, scale: 2, mode: 'number' });

export const deviceTypes = pgTable('device_types', {
  id: integer('id').primaryKey(),
  name: text('name').notNull(),
  image: text('image').notNull().default(''),
});

/** A feature block shown on a device card: label, value and an optional popup text. */
export interface DeviceFeature {
  label: string;
  value: string;
  popup?: { values: string; discharge?: string; speed?: string };
}

export const devices = pgTable(
  'devices',
  {
    id: serial('id').primaryKey(),
    deviceId: text('device_id').notNull(),
    name: text('device_name').notNull(),
    description: text('device_description').notNull().default(''),
    typeId: integer('device_type')
      .notNull()
      .references(() => deviceTypes.id),
    stage: smallint('device_stage').notNull(),
    unit: text('device_unit').notNull().default(''),
    image: text('image').notNull().default(''),
    features: jsonb('device_features').$type<DeviceFeature[]>().notNull().default([]),
    capacity: lbs('capacity'),
    /**
     * A roaster's nameplate for OEE: the green lbs one batch can take and the minutes an ideal
     * charge-roast-drop cycle lasts; its ideal rate is the one over the other.
     */
    batchCapacity: lbs('batch_capacity'),
    idealCycleMinutes: numeric('ideal_cycle_minutes', { precision: 8, scale: 2, mode: 'number' }),
    /** A packer's nameplate for OEE: the lbs per hour it is rated to pack. */
    ratedLbsPerHour: lbs('rated_lbs_per_hour'),
    /**
     * A roaster's roast alarm limits (°F, s) and what ET over its high limit makes the console
     * do; null: the console's defaults.
     */
    etHighLimitF: real('et_high_limit_f'),
    etResetF: real('et_reset_f'),
    etSafeAction: text('et_safe_action', { enum: ['burner-off', 'drop', 'quench'] }),
    roastBandF: real('roast_band_f'),
    roastBandS: integer('roast_band_s'),
    /** Virtual devices exist for accounting only: no tags, never shown. */
    virtual: boolean('virtual').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('devices_device_id_key').on(sql`lower(${t.deviceId})`),
    check('devices_stage_check', sql`${t.stage} between 1 and 4`),
    check('devices_capacity_check', sql`${t.capacity} is null or ${t.capacity} > 0`),
    check(
      'devices_batch_capacity_check',
      sql`${t.batchCapacity} is null or ${t.batchCapacity} > 0`,
    ),
    check(
      'devices_ideal_cycle_check',
      sql`${t.idealCycleMinutes} is null or ${t.idealCycleMinutes} > 0`,
    ),
    check(
      'devices_rated_rate_check',
      sql`${t.ratedLbsPerHour} is null or ${t.ratedLbsPerHour} > 0`,
    ),
    check(
      'devices_et_reset_check',
      sql`${t.etResetF} is null or ${t.etHighLimitF} is null or ${t.etResetF} < ${t.etHighLimitF}`,
    ),
    check(
      'devices_et_safe_action_check',
      sql`${t.etSafeAction} is null or ${t.etSafeAction} in ('burner-off', 'drop', 'quench')`,
    ),
  ],
);

export const binaryCommands = pgTable('binary_commands', {
  id: integer('command_id').primaryKey(),
  label: text('command_label').notNull(),
  owner: text('command_owner', { enum: ['app', 'plc'] }).notNull(),
});

export const inputCommands = pgTable('input_commands', {
  id: integer('command_input_id').primaryKey(),
  label: text('command_input_label').notNull(),
  owner: text('command_owner', { enum: ['app', 'plc'] }).notNull(),
  isSpeed: boolean('is_speed').notNull().default(false),
  unit: text('unit').notNull().default(''),
});

/** Which commands a device type offers, per kind (spec: app and plc ids per device type). */
export const deviceTypeCommands = pgTable(
  'device_type_commands',
  {
    typeId: integer('device_type')
      .notNull()
      .references(() => deviceTypes.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: ['binary', 'input'] }).notNull(),
    commandId: integer('command_id').notNull(),
  },
  (t) => [primaryKey({ columns: [t.typeId, t.kind, t.commandId] })],
);

/** The PLC tag of one (device, command): the address map. */
export const deviceTags = pgTable(
  'device_tags',
  {
    id: serial('id').primaryKey(),
    deviceId: integer('device_ref')
      .notNull()
      .references(() => devices.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: ['binary', 'input'] }).notNull(),
    commandId: integer('command_id').notNull(),
    area: text('area', { enum: ['coil', 'holding'] }).notNull(),
    address: integer('address').notNull(),
    dataType: text('data_type', { enum: ['bool', 'uint16', 'int16', 'uint32', 'int32'] }).notNull(),
    scale: integer('scale').notNull().default(1),
    feedbackCommandId: integer('feedback_command_id'),
  },
  (t) => [
    uniqueIndex('device_tags_command_key').on(t.deviceId, t.kind, t.commandId),
    uniqueIndex('device_tags_address_key').on(t.area, t.address),
    check('device_tags_address_check', sql`${t.address} between 0 and 65535`),
    check('device_tags_scale_check', sql`${t.scale} > 0`),
  ],
);

/** A device's mode as the console asked for it and as the PLC confirmed it. */
export const deviceModes = pgTable('device_modes', {
  deviceId: integer('device_ref')
    .primaryKey()
    .references(() => devices.id, { onDelete: 'cascade' }),
  requestedManual: boolean('requested_manual').notNull().default(false),
  requestedAt: timestamp('requested_at', { withTimezone: true }),
  requestedBy: integer('requested_by').references(() => users.id, { onDelete: 'set null' }),
});

/** Yes/no switches on a device card (e.g. 'Block discharge'). */
export const deviceBlocks = pgTable(
  'device_blocks',
  {
    id: serial('id').primaryKey(),
    deviceId: integer('device_ref')
      .notNull()
      .references(() => devices.id, { onDelete: 'cascade' }),
    label: text('label').notNull(),
    value: smallint('value').notNull().default(0),
  },
  (t) => [
    uniqueIndex('device_blocks_label_key').on(t.deviceId, t.label),
    check('device_blocks_value_check', sql`${t.value} in (0, 1)`),
  ],
);

/** Text for each alarm code a device's PLC can report. */
export const alarmTexts = pgTable(
  'alarm_texts',
  {
    id: serial('id').primaryKey(),
    deviceId: integer('device_ref')
      .notNull()
      .references(() => devices.id, { onDelete: 'cascade' }),
    index: integer('alarm_index').notNull(),
    message: text('message').notNull(),
  },
  (t) => [
    uniqueIndex('alarm_texts_index_key').on(t.deviceId, t.index),
    check('alarm_texts_index_check', sql`${t.index} > 0`),
  ],
);

/** A status light: when the command has the value, the device shows this status. */
export const deviceStatuses = pgTable(
  'device_statuses',
  {
    id: serial('id').primaryKey(),
    ledId: integer('led_id').notNull(),
    name: text('name').notNull(),
    color: text('color').notNull(),
    priority: text('priority', { enum: ['Normal', 'low', 'high'] }).notNull(),
    kind: text('type', { enum: ['binary', 'input'] }).notNull(),
    commandId: integer('command_id').notNull(),
    commandValue: integer('command_value').notNull(),
  },
  (t) => [uniqueIndex('device_statuses_led_key').on(t.ledId)],
);

export const notifications = pgTable(
  'notifications',
  {
    id: serial('id').primaryKey(),
    type: text('type', { enum: ['alarm', 'warning', 'other'] }).notNull(),
    deviceId: integer('device_ref').references(() => devices.id, { onDelete: 'set null' }),
    text: text('text').notNull(),
    /** Who or what raised it: a user's name, 'PLC' or 'console'. */
    by: text('by').notNull(),
    /** What raised it, so that the same condition is not raised twice while it lasts. */
    source: text('source'),
    code: integer('code'),
    ack: boolean('ack').notNull().default(false),
    ackAt: timestamp('ack_at', { withTimezone: true }),
    ackBy: integer('ack_by').references(() => users.id, { onDelete: 'set null' }),
    /** When a browser showed it as a push; the push list leaves it out after that. */
    seenAt: timestamp('seen_at', { withTimezone: true }),
    /** When the condition ended in the plant (alarm cleared in the PLC, link restored). */
    clearedAt: timestamp('cleared_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** Shelved by a person until then (ISA-18.2); null when not shelved. */
    shelvedUntil: timestamp('shelved_until', { withTimezone: true }),
    shelvedBy: integer('shelved_by').references(() => users.id, { onDelete: 'set null' }),
    shelveReason: text('shelve_reason'),
    /** Not annunciated: suppressed by design, or its source is out of service. */
    suppression: text('suppression', { enum: ['suppressed', 'out-of-service'] }),
  },
  (t) => [
    index('notifications_open_idx').on(t.ack, t.createdAt),
    index('notifications_source_idx').on(t.source),
    uniqueIndex('notifications_active_source_key')
      .on(t.source)
      .where(sql`${t.clearedAt} is null and ${t.source} is not null`),
  ],
);

/** Every change of an alarm's ISA-18.2 state, with who made it and why. */
export const alarmTransitions = pgTable(
  'alarm_transitions',
  {
    id: serial('id').primaryKey(),
    notificationId: integer('notification_id')
      .notNull()
      .references(() => notifications.id, { onDelete: 'cascade' }),
    event: text('event').notNull(),
    fromState: text('from_state').notNull(),
    toState: text('to_state').notNull(),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    reason: text('reason'),
    at: timestamp('at', { withTimezone: true }).notNull(),
  },
  (t) => [index('alarm_transitions_notification_idx').on(t.notificationId, t.at)],
);

/** Alarm sources a supervisor took out of service: what they raise is recorded, not annunciated. */
export const alarmSourcesOutOfService = pgTable('alarm_sources_out_of_service', {
  source: text('source').primaryKey(),
  reason: text('reason').notNull(),
  userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
  at: timestamp('at', { withTimezone: true }).notNull(),
});

/** The events log: every write to the plant and every notable plant event. */
export const events = pgTable(
  'events',
  {
    id: serial('event_id').primaryKey(),
    deviceId: integer('device_ref').references(() => devices.id, { onDelete: 'set null' }),
    deviceName: text('device_name').notNull().default(''),
    description: text('event_description').notNull(),
    kind: text('kind').notNull(),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    userName: text('user_name'),
    commandKind: text('command_kind'),
    commandId: integer('command_id'),
    value: numeric('value', { mode: 'number' }),
    result: text('result'),
    latencyMs: integer('latency_ms'),
    time: timestamp('event_time', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('events_time_idx').on(t.time),
    index('events_device_idx').on(t.deviceId, t.time),
    // The log's text search (ILIKE '%text%' on both) reads trigrams here instead of every row.
    index('events_text_trgm_idx').using(
      'gin',
      t.description.op('gin_trgm_ops'),
      t.deviceName.op('gin_trgm_ops'),
    ),
  ],
);

/**
 * How many events the log holds per UTC hour and per UTC day, device and kind, kept by triggers
 * on events in the transaction that writes them: the log's total adds up a month's days instead
 * of counting its rows. device_ref 0 stands for an event of no device (or of a deleted one).
 */
export const eventCounts = pgTable(
  'event_counts',
  {
    span: text('span').notNull(),
    start: timestamp('bucket_start', { withTimezone: true }).notNull(),
    deviceRef: integer('device_ref').notNull(),
    kind: text('kind').notNull(),
    n: bigint('n', { mode: 'number' }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.span, t.start, t.deviceRef, t.kind] }),
    check('event_counts_span', sql`${t.span} in ('hour', 'day')`),
  ],
);
