import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import {
  devices,
  orders,
  roastingPathSilos,
  roastingPaths,
  users,
  workflows,
  type Database,
} from '@roastery/db';

/** A device as a path names it. */
export interface PathDeviceRow {
  ref: number;
  code: string;
  name: string;
}

/** A path with what it names, by code and name. */
export interface PathRow {
  id: number;
  name: string;
  enabled: boolean;
  roaster: PathDeviceRow;
  destination: PathDeviceRow;
  workflowId: number;
  workflowName: string;
  silos: PathDeviceRow[];
  createdBy: string | null;
  updatedBy: string | null;
  updatedAt: Date;
}

/** What a path stores, its devices as references. */
export interface PathFields {
  name: string;
  roasterRef: number;
  destinationRef: number;
  workflowId: number;
  enabled: boolean;
  siloRefs: number[];
}

export class PathRepository {
  readonly #db: Database;

  constructor(db: Database) {
    this.#db = db;
  }

  async list(id?: number): Promise<PathRow[]> {
    const roaster = alias(devices, 'roaster');
    const destination = alias(devices, 'destination');
    const creator = alias(users, 'creator');
    const editor = alias(users, 'editor');
    const rows = await this.#db
      .select({
        id: roastingPaths.id,
        name: roastingPaths.name,
        enabled: roastingPaths.enabled,
        roaster: { ref: roaster.id, code: roaster.deviceId, name: roaster.name },
        destination: { ref: destination.id, code: destination.deviceId, name: destination.name },
        workflowId: roastingPaths.workflowId,
        workflowName: workflows.name,
        createdBy: creator.fullName,
        updatedBy: editor.fullName,
        updatedAt: roastingPaths.updatedAt,
      })
      .from(roastingPaths)
      .innerJoin(roaster, eq(roaster.id, roastingPaths.roasterDevice))
      .innerJoin(destination, eq(destination.id, roastingPaths.destinationDevice))
      .innerJoin(workflows, eq(workflows.id, roastingPaths.workflowId))
      .leftJoin(creator, eq(creator.id, roastingPaths.createdBy))
      .leftJoin(editor, eq(editor.id, roastingPaths.updatedBy))
      .where(id === undefined ? undefined : eq(roastingPaths.id, id))
      .orderBy(asc(sql`lower(${roastingPaths.name})`), asc(roastingPaths.id));
    if (rows.length === 0) return [];
    const silos = await this.#db
      .select({
        pathId: roastingPathSilos.pathId,
        ref: devices.id,
        code: devices.deviceId,
        name: devices.name,
      })
      .from(roastingPathSilos)
      .innerJoin(devices, eq(devices.id, roastingPathSilos.siloDevice))
      .where(
        inArray(
          roastingPathSilos.pathId,
          rows.map((r) => r.id),
        ),
      )
      .orderBy(asc(roastingPathSilos.position));
    return rows.map((r) => ({
      ...r,
      silos: silos
        .filter((s) => s.pathId === r.id)
        .map((s) => ({ ref: s.ref, code: s.code, name: s.name })),
    }));
  }

  async get(id: number): Promise<PathRow | undefined> {
    return (await this.list(id))[0];
  }

  /** Whether any path is defined, enabled or not. */
  async any(): Promise<boolean> {
    const [row] = await this.#db.select({ id: roastingPaths.id }).from(roastingPaths).limit(1);
    return row !== undefined;
  }

  /** Device references by code, matched without regard to case as device codes are. */
  async deviceRefs(codes: string[]): Promise<Map<string, PathDeviceRow>> {
    if (codes.length === 0) return new Map();
    const rows = await this.#db
      .select({ ref: devices.id, code: devices.deviceId, name: devices.name })
      .from(devices)
      .where(
        inArray(
          sql`lower(${devices.deviceId})`,
          codes.map((c) => c.toLowerCase()),
        ),
      );
    return new Map(rows.map((r) => [r.code.toLowerCase(), r]));
  }

  async insert(fields: PathFields, by: number): Promise<number> {
    return this.#db.transaction(async (tx) => {
      const [row] = await tx
        .insert(roastingPaths)
        .values({
          name: fields.name,
          roasterDevice: fields.roasterRef,
          destinationDevice: fields.destinationRef,
          workflowId: fields.workflowId,
          enabled: fields.enabled,
          createdBy: by,
          updatedBy: by,
        })
        .returning({ id: roastingPaths.id });
      if (!row) throw new Error('insert returned no row');
      await tx
        .insert(roastingPathSilos)
        .values(
          fields.siloRefs.map((ref, position) => ({ pathId: row.id, siloDevice: ref, position })),
        );
      return row.id;
    });
  }

  async update(id: number, fields: PathFields, by: number): Promise<boolean> {
    return this.#db.transaction(async (tx) => {
      const updated = await tx
        .update(roastingPaths)
        .set({
          name: fields.name,
          roasterDevice: fields.roasterRef,
          destinationDevice: fields.destinationRef,
          workflowId: fields.workflowId,
          enabled: fields.enabled,
          updatedBy: by,
          updatedAt: new Date(),
        })
        .where(eq(roastingPaths.id, id))
        .returning({ id: roastingPaths.id });
      if (updated.length === 0) return false;
      await tx.delete(roastingPathSilos).where(eq(roastingPathSilos.pathId, id));
      await tx
        .insert(roastingPathSilos)
        .values(
          fields.siloRefs.map((ref, position) => ({ pathId: id, siloDevice: ref, position })),
        );
      return true;
    });
  }

  async delete(id: number): Promise<boolean> {
    const rows = await this.#db
      .delete(roastingPaths)
      .where(eq(roastingPaths.id, id))
      .returning({ id: roastingPaths.id });
    return rows.length > 0;
  }

  /** Roasting orders under way (processing or paused) along this path. */
  async ordersUnderWay(id: number): Promise<number[]> {
    const rows = await this.#db
      .select({ id: orders.id })
      .from(orders)
      .where(and(eq(orders.pathId, id), inArray(orders.status, [1, 5])))
      .orderBy(asc(orders.id));
    return rows.map((r) => r.id);
  }

  /** The names of the paths that name a device, as silo, roaster or destination. */
  async usingDevice(code: string): Promise<string[]> {
    const rows = await this.#db
      .selectDistinct({ name: roastingPaths.name })
      .from(roastingPaths)
      .innerJoin(devices, sql`lower(${devices.deviceId}) = ${code.toLowerCase()}`)
      .leftJoin(
        roastingPathSilos,
        and(
          eq(roastingPathSilos.pathId, roastingPaths.id),
          eq(roastingPathSilos.siloDevice, devices.id),
        ),
      )
      .where(
        sql`${roastingPaths.roasterDevice} = ${devices.id} or ${roastingPaths.destinationDevice} = ${devices.id} or ${roastingPathSilos.siloDevice} is not null`,
      );
    return rows.map((r) => r.name);
  }

  /** The names of the paths that run a workflow. */
  async usingWorkflow(workflowId: number): Promise<string[]> {
    const rows = await this.#db
      .select({ name: roastingPaths.name })
      .from(roastingPaths)
      .where(eq(roastingPaths.workflowId, workflowId));
    return rows.map((r) => r.name);
  }
}
