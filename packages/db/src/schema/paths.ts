import { sql } from 'drizzle-orm';
import {
  boolean,
  integer,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { devices } from './plant.ts';
import { users } from './users.ts';
import { workflows } from './workflows.ts';

/**
 * A roasting path a supervisor allows: green silos -> roaster -> roasted-bean bin, run by one
 * roasting workflow. Once any path is defined, a roasting order starts only along an enabled one.
 * A workflow or device a path names cannot be deleted while the path exists.
 */
export const roastingPaths = pgTable(
  'roasting_paths',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    roasterDevice: integer('roaster_device')
      .notNull()
      .references(() => devices.id),
    destinationDevice: integer('destination_device')
      .notNull()
      .references(() => devices.id),
    workflowId: integer('workflow_id')
      .notNull()
      .references(() => workflows.id),
    enabled: boolean('enabled').notNull().default(true),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    updatedBy: integer('updated_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('roasting_paths_name_key').on(sql`lower(${t.name})`)],
);

/** The green silos a path draws from, in the order the supervisor listed them. */
export const roastingPathSilos = pgTable(
  'roasting_path_silos',
  {
    pathId: integer('path_ref')
      .notNull()
      .references(() => roastingPaths.id, { onDelete: 'cascade' }),
    siloDevice: integer('silo_device')
      .notNull()
      .references(() => devices.id),
    position: smallint('position').notNull(),
  },
  (t) => [primaryKey({ columns: [t.pathId, t.siloDevice] })],
);
