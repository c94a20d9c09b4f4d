import { asc, eq } from 'drizzle-orm';
import { workflowRun, type WorkflowRun } from '@roastery/contract';
import { workflowRuns, type Database } from '@roastery/db';
import type { RunStore } from '@roastery/engine';

/** The engine's runs in the database, one row per run, saved after every transition. */
export class DatabaseRunStore implements RunStore {
  readonly #db: Database;

  constructor(db: Database) {
    this.#db = db;
  }

  async save(run: WorkflowRun): Promise<void> {
    const row = {
      id: run.id,
      workflowId: run.workflow_id,
      state: run.state,
      data: run,
      cleared: run.cleared_at !== null,
      updatedAt: new Date(),
    };
    await this.#db
      .insert(workflowRuns)
      .values(row)
      .onConflictDoUpdate({
        target: workflowRuns.id,
        set: { state: row.state, data: row.data, cleared: row.cleared, updatedAt: row.updatedAt },
      });
  }

  async load(runId: string): Promise<WorkflowRun | undefined> {
    const [row] = await this.#db.select().from(workflowRuns).where(eq(workflowRuns.id, runId));
    return row ? workflowRun.parse(row.data) : undefined;
  }

  async listUncleared(): Promise<WorkflowRun[]> {
    const rows = await this.#db
      .select()
      .from(workflowRuns)
      .where(eq(workflowRuns.cleared, false))
      .orderBy(asc(workflowRuns.updatedAt));
    return rows.map((r) => workflowRun.parse(r.data));
  }
}
