import { integer, jsonb, pgTable, text } from 'drizzle-orm/pg-core';

/** A console setting as the admin settings screen shows it; `ref_id` is its stable name. */
export const settings = pgTable('settings', {
  refId: text('ref_id').primaryKey(),
  label: text('label').notNull(),
  type: text('type', { enum: ['select', 'switch', 'input', 'divider'] }).notNull(),
  options: jsonb('options').$type<{ value: string; text: string }[]>().notNull().default([]),
  placeholder: text('placeholder').notNull().default(''),
  value: text('value').notNull().default(''),
  family: text('family', { enum: ['order', 'pack', 'dump', 'other', 'order-form'] }).notNull(),
  sortNo: integer('sort_no').notNull().default(0),
});
