import { and, asc, eq, ilike, sql, type SQL } from 'drizzle-orm';
import {
  products,
  workflowDeviceSort,
  workflowProducts,
  workflowSteps,
  workflowTriggers,
  workflows,
  type Database,
  type Executor,
} from '@roastery/db';

export type WorkflowRow = typeof workflows.$inferSelect;
export type StepRow = typeof workflowSteps.$inferSelect;
export type NewStepRow = Omit<typeof workflowSteps.$inferInsert, 'id'>;
export type TriggerRow = typeof workflowTriggers.$inferSelect;

function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/** Workflow definitions: the diagram, the steps and what hangs off them. */
export class WorkflowRepository {
  readonly #db: Database;

  constructor(db: Database) {
    this.#db = db;
  }

  list(filter: { type?: WorkflowRow['type']; search?: string }): Promise<WorkflowRow[]> {
    const where: (SQL | undefined)[] = [
      filter.type ? eq(workflows.type, filter.type) : undefined,
      filter.search ? ilike(workflows.name, `%${escapeLike(filter.search)}%`) : undefined,
    ];
    return this.#db
      .select()
      .from(workflows)
      .where(and(...where))
      .orderBy(asc(workflows.name));
  }

  async find(id: number, tx?: Executor): Promise<WorkflowRow | undefined> {
    const [row] = await (tx ?? this.#db).select().from(workflows).where(eq(workflows.id, id));
    return row;
  }

  async insert(row: typeof workflows.$inferInsert): Promise<WorkflowRow> {
    const [created] = await this.#db.insert(workflows).values(row).returning();
    if (!created) throw new Error('insert returned no row');
    return created;
  }

  async update(
    id: number,
    patch: Partial<typeof workflows.$inferInsert>,
    tx?: Executor,
  ): Promise<WorkflowRow | undefined> {
    const [row] = await (tx ?? this.#db)
      .update(workflows)
      .set({ ...patch, updatedAt: new Date() })
      .where(eq(workflows.id, id))
      .returning();
    return row;
  }

  /** Saves the diagram only if nobody saved since `revision`; returns undefined otherwise. */
  async saveDiagram(
    id: number,
    revision: number | undefined,
    diagram: Pick<typeof workflows.$inferInsert, 'nodes' | 'edges'>,
  ): Promise<WorkflowRow | undefined> {
    const [row] = await this.#db
      .update(workflows)
      .set({ ...diagram, revision: sql`${workflows.revision} + 1`, updatedAt: new Date() })
      .where(
        and(
          eq(workflows.id, id),
          revision === undefined ? undefined : eq(workflows.revision, revision),
        ),
      )
      .returning();
    return row;
  }

  async delete(id: number): Promise<boolean> {
    return (
      (await this.#db.delete(workflows).where(eq(workflows.id, id)).returning({ id: workflows.id }))
        .length > 0
    );
  }

  /** Workflows whose steps write to or wait on a device. */
  async usingDevice(code: string): Promise<string[]> {
    const rows = await this.#db
      .selectDistinct({ name: workflows.name })
      .from(workflowSteps)
      .innerJoin(workflows, eq(workflows.id, workflowSteps.workflowId))
      .where(
        sql`lower(${workflowSteps.deviceId}) = lower(${code}) or exists (
          select 1 from jsonb_array_elements(${workflowSteps.waitDevice}) w
          where lower(w->>'device_id') = lower(${code}))`,
      )
      .orderBy(asc(workflows.name));
    return rows.map((r) => r.name);
  }

  steps(workflowId: number, tx?: Executor): Promise<StepRow[]> {
    return (tx ?? this.#db)
      .select()
      .from(workflowSteps)
      .where(eq(workflowSteps.workflowId, workflowId))
      .orderBy(asc(workflowSteps.sortNo), asc(workflowSteps.id));
  }

  async step(id: number): Promise<StepRow | undefined> {
    const [row] = await this.#db.select().from(workflowSteps).where(eq(workflowSteps.id, id));
    return row;
  }

  async insertStep(row: NewStepRow, tx?: Executor): Promise<StepRow> {
    const [created] = await (tx ?? this.#db).insert(workflowSteps).values(row).returning();
    if (!created) throw new Error('insert returned no row');
    return created;
  }

  async updateStep(id: number, row: Partial<NewStepRow>): Promise<StepRow | undefined> {
    const [updated] = await this.#db
      .update(workflowSteps)
      .set(row)
      .where(eq(workflowSteps.id, id))
      .returning();
    return updated;
  }

  /** The workflow it belonged to, or undefined when there was none with this id. */
  async deleteStep(id: number): Promise<number | undefined> {
    const [row] = await this.#db
      .delete(workflowSteps)
      .where(eq(workflowSteps.id, id))
      .returning({ workflowId: workflowSteps.workflowId });
    return row?.workflowId;
  }

  /** Writes a new order for a workflow's steps, in one transaction. */
  async sortSteps(workflowId: number, order: { id: number; sort_no: number }[]): Promise<void> {
    await this.#db.transaction(async (tx) => {
      for (const o of order) {
        await tx
          .update(workflowSteps)
          .set({ sortNo: o.sort_no })
          .where(and(eq(workflowSteps.id, o.id), eq(workflowSteps.workflowId, workflowId)));
      }
    });
  }

  /** Replaces the target's steps with copies of the source's. */
  async copySteps(fromId: number, toId: number): Promise<number> {
    return this.#db.transaction(async (tx) => {
      const source = await this.steps(fromId, tx);
      await tx.delete(workflowSteps).where(eq(workflowSteps.workflowId, toId));
      for (const { id: _id, workflowId: _w, ...step } of source) {
        await this.insertStep({ ...step, workflowId: toId }, tx);
      }
      return source.length;
    });
  }

  triggers(workflowId?: number): Promise<TriggerRow[]> {
    return this.#db
      .select()
      .from(workflowTriggers)
      .where(workflowId === undefined ? undefined : eq(workflowTriggers.workflowId, workflowId))
      .orderBy(asc(workflowTriggers.id));
  }

  async insertTrigger(row: Omit<typeof workflowTriggers.$inferInsert, 'id'>): Promise<TriggerRow> {
    const [created] = await this.#db.insert(workflowTriggers).values(row).returning();
    if (!created) throw new Error('insert returned no row');
    return created;
  }

  /** The workflow it belonged to, or undefined when there was none with this id. */
  async deleteTrigger(id: number): Promise<number | undefined> {
    const [row] = await this.#db
      .delete(workflowTriggers)
      .where(eq(workflowTriggers.id, id))
      .returning({ workflowId: workflowTriggers.workflowId });
    return row?.workflowId;
  }

  productsOf(workflowId: number) {
    return this.#db
      .select({
        id: workflowProducts.id,
        productId: products.id,
        name: products.name,
        description: products.description,
      })
      .from(workflowProducts)
      .innerJoin(products, eq(products.id, workflowProducts.productId))
      .where(eq(workflowProducts.workflowId, workflowId))
      .orderBy(asc(products.name));
  }

  async addProduct(workflowId: number, productId: number): Promise<void> {
    await this.#db.insert(workflowProducts).values({ workflowId, productId });
  }

  /** The workflow it belonged to, or undefined when there was none with this id. */
  async deleteProduct(id: number): Promise<number | undefined> {
    const [row] = await this.#db
      .delete(workflowProducts)
      .where(eq(workflowProducts.id, id))
      .returning({ workflowId: workflowProducts.workflowId });
    return row?.workflowId;
  }

  deviceSort(workflowId: number) {
    return this.#db
      .select()
      .from(workflowDeviceSort)
      .where(eq(workflowDeviceSort.workflowId, workflowId))
      .orderBy(asc(workflowDeviceSort.sortNo));
  }

  async saveDeviceSort(
    workflowId: number,
    rows: { deviceId: string; sortNo: number }[],
  ): Promise<void> {
    await this.#db.transaction(async (tx) => {
      await tx.delete(workflowDeviceSort).where(eq(workflowDeviceSort.workflowId, workflowId));
      if (rows.length)
        await tx.insert(workflowDeviceSort).values(rows.map((r) => ({ ...r, workflowId })));
    });
  }
}
