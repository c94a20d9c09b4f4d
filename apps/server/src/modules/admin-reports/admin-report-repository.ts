import { asc, eq, sql } from 'drizzle-orm';
import { adminReports, type Database } from '@roastery/db';

export type AdminReportRow = typeof adminReports.$inferSelect;

/** The role an administrator's SQL runs as: it may read the reporting views and nothing else. */
const REPORTING_ROLE = 'roastery_reporting';

export interface ReadOnlyLimits {
  rowCap: number;
  timeoutMs: number;
}

export interface ReadOnlyResult {
  columns: string[];
  /** Each column's PostgreSQL type (its OID), in the order of columns. */
  types: number[];
  rows: Record<string, unknown>[];
  /** The planner's estimate of the work, in its cost units. */
  cost: number;
}

interface RawResult {
  rows?: Record<string, unknown>[];
  fields?: { name: string; dataTypeID: number }[];
}

export class AdminReportRepository {
  readonly #db: Database;

  constructor(db: Database) {
    this.#db = db;
  }

  list(): Promise<AdminReportRow[]> {
    return this.#db.select().from(adminReports).orderBy(asc(adminReports.id));
  }

  async get(id: number): Promise<AdminReportRow | undefined> {
    const [row] = await this.#db.select().from(adminReports).where(eq(adminReports.id, id));
    return row;
  }

  async insert(row: typeof adminReports.$inferInsert): Promise<AdminReportRow> {
    const [created] = await this.#db.insert(adminReports).values(row).returning();
    if (!created) throw new Error('The report was not stored');
    return created;
  }

  async delete(id: number): Promise<boolean> {
    const deleted = await this.#db
      .delete(adminReports)
      .where(eq(adminReports.id, id))
      .returning({ id: adminReports.id });
    return deleted.length > 0;
  }

  /**
   * Runs a SELECT in a read-only transaction, as the reporting role, with a statement timeout.
   * The text is wrapped as a subquery with a bound row cap: that makes it one statement of the
   * extended protocol (no second statement can follow) and refuses anything but a query.
   * `admit` sees the planner's estimate first and may refuse before the query runs.
   */
  runReadOnly(
    code: string,
    limits: ReadOnlyLimits,
    admit: (cost: number) => void,
  ): Promise<ReadOnlyResult> {
    return this.#db.transaction(async (tx) => {
      await tx.execute(sql`set transaction read only`);
      await tx.execute(sql.raw(`set local statement_timeout = ${Math.trunc(limits.timeoutMs)}`));
      await tx.execute(sql.raw(`set local role ${REPORTING_ROLE}`));
      const query = sql`select * from (${sql.raw(code)}
) as report limit ${limits.rowCap + 1}`;
      const plan = (await tx.execute(sql`explain (format json) ${query}`)) as RawResult;
      const cost = planCost(plan.rows?.[0]);
      admit(cost);
      const result = (await tx.execute(query)) as RawResult;
      return {
        columns: (result.fields ?? []).map((f) => f.name),
        types: (result.fields ?? []).map((f) => f.dataTypeID),
        rows: result.rows ?? [],
        cost,
      };
    });
  }
}

function planCost(row: Record<string, unknown> | undefined): number {
  const value = row ? Object.values(row)[0] : undefined;
  const parsed: unknown = typeof value === 'string' ? JSON.parse(value) : value;
  const plan = Array.isArray(parsed) ? (parsed[0] as { Plan?: { 'Total Cost'?: number } }) : {};
  return plan.Plan?.['Total Cost'] ?? 0;
}
