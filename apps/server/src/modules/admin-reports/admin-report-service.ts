import { SignJWT } from 'jose';
import type { AdminReport, CreateAdminReportBody, ReportView } from '@roastery/contract';
import { notFound, unprocessable } from '../../lib/http-errors.ts';
import { codeOf, databaseMessage } from '../../lib/db-errors.ts';
import type { AdminReportRepository, AdminReportRow } from './admin-report-repository.ts';
import type { ConfigChanged } from '../../plant/hub/config-changes.ts';

export const REPORTING_VIEWS = [
  'report_ledger_movements',
  'report_orders',
  'report_batches',
  'report_events',
] as const;

/** A Metabase embedding link is valid this long; the page asks again every 180 s. */
const EMBED_TTL_SECONDS = 10 * 60;
/**
 * The planner's estimate above which a report is refused before it runs. The embedded database
 * cannot interrupt a statement at its timeout, so a query must look cheap before it starts.
 */
const MAX_PLAN_COST = 5_000_000;

export interface AdminReportServiceDeps {
  repo: AdminReportRepository;
  metabase: { siteUrl: string; secretKey: string } | undefined;
  limits: { timeoutMs: number; rowCap: number };
  changed: ConfigChanged;
}

type Cell = string | number | boolean | null;

function present(r: AdminReportRow): AdminReport {
  return { id: r.id, title: r.title, description: r.description, code: r.code };
}

/** PostgreSQL's bigint and numeric: the drivers hand them over as text, to lose no digit. */
const NUMBER_TEXT_TYPES: ReadonlySet<number> = new Set([20, 1700]);
/** PostgreSQL's timestamp with time zone, which the drivers hand over as the server's text. */
const TIMESTAMPTZ = 1184;

/** A number as JSON carries it when no digit that counts is lost, else its text. */
function numberOf(value: bigint | string): number | string {
  const n = Number(value);
  return Number.isFinite(n) && Math.abs(n) <= Number.MAX_SAFE_INTEGER ? n : String(value);
}

/**
 * A moment as ISO text in UTC, which the screen shows in its own time zone; PostgreSQL writes
 * 2026-04-12 14:05:00.5+02. Text that names no moment (infinity) stays as it is.
 */
function momentOf(text: string): string {
  const date = new Date(text.replace(' ', 'T').replace(/([+-]\d\d)$/, '$1:00'));
  return Number.isNaN(date.getTime()) ? text : date.toISOString();
}

/**
 * A value as JSON carries it: numbers as numbers (a sum or a weight must not read
 * 500.0000000000000000), moments as ISO text in UTC, objects as text.
 */
function cell(value: unknown, type: number | undefined): Cell {
  if (value === null || value === undefined) return null;
  if (value instanceof Date) return value.toISOString();
  if (typeof value === 'bigint') return numberOf(value);
  if (typeof value === 'string' && type !== undefined && NUMBER_TEXT_TYPES.has(type)) {
    return numberOf(value);
  }
  if (typeof value === 'string' && type === TIMESTAMPTZ) return momentOf(value);
  if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') {
    return value;
  }
  return JSON.stringify(value);
}

/** Why the database refused a report's SQL, in the administrator's terms. */
function refusal(error: unknown, timeoutMs: number): Error {
  switch (codeOf(error)) {
    case '57014':
      return unprocessable(`The report ran longer than ${timeoutMs / 1000} s and was stopped.`);
    case '25006':
      return unprocessable('A report only reads: it cannot change data.');
    case '42501':
      return unprocessable(
        `A report reads only the reporting views (${REPORTING_VIEWS.join(', ')}): ${databaseMessage(error)}`,
      );
    default:
      return unprocessable(`The report's SQL failed: ${databaseMessage(error)}`);
  }
}

/**
 * Reports an administrator defines. With Metabase configured, a report's code is a question id
 * and the console signs a static-embedding link; otherwise the code is one read-only SELECT
 * over the reporting views, run with a timeout and a row cap.
 */
export class AdminReportService {
  readonly #d: AdminReportServiceDeps;

  constructor(deps: AdminReportServiceDeps) {
    this.#d = deps;
  }

  async list(): Promise<AdminReport[]> {
    return (await this.#d.repo.list()).map(present);
  }

  async create(
    body: CreateAdminReportBody,
    by: { id: number; fullName: string },
  ): Promise<AdminReport> {
    const code = body.code.trim();
    if (this.#d.metabase) {
      if (!/^\d{1,9}$/.test(code)) {
        throw unprocessable('With Metabase, a report code is the number of a Metabase question.');
      }
    } else {
      checkStatementShape(code);
    }
    const row = await this.#d.repo.insert({
      title: body.title.trim(),
      description: (body.description ?? '').trim(),
      code,
      createdBy: by.id,
    });
    this.#d.changed({
      area: 'admin-report',
      action: 'created',
      target: row.title,
      by: by.fullName,
    });
    return present(row);
  }

  async delete(id: number, by: string): Promise<void> {
    const report = await this.#d.repo.get(id);
    if (!report || !(await this.#d.repo.delete(id))) {
      throw notFound('That report no longer exists.');
    }
    this.#d.changed({ area: 'admin-report', action: 'deleted', target: report.title, by });
  }

  async view(id: number): Promise<ReportView> {
    const report = await this.#d.repo.get(id);
    if (!report) throw notFound('That report no longer exists.');
    const { metabase } = this.#d;
    if (metabase) {
      const token = await new SignJWT({
        resource: { question: Number(report.code) },
        params: {},
      })
        .setProtectedHeader({ alg: 'HS256' })
        .setExpirationTime(`${EMBED_TTL_SECONDS}s`)
        .sign(new TextEncoder().encode(metabase.secretKey));
      return {
        kind: 'metabase',
        title: report.title,
        url: `${metabase.siteUrl}/embed/question/${token}#bordered=true&titled=false`,
      };
    }
    return { kind: 'sql', title: report.title, ...(await this.run(report.code)) };
  }

  /** Runs report SQL as the reporting role: the rows, their columns, and whether it was capped. */
  async run(code: string) {
    const sqlText = checkStatementShape(code);
    const { limits } = this.#d;
    const result = await this.#d.repo
      .runReadOnly(sqlText, limits, (cost) => {
        if (cost > MAX_PLAN_COST) {
          throw unprocessable(
            'This report would read too much at once: narrow it with a WHERE clause or an aggregate.',
          );
        }
      })
      .catch((err: unknown) => {
        throw codeOf(err) ? refusal(err, limits.timeoutMs) : err;
      });
    const truncated = result.rows.length > limits.rowCap;
    const types = new Map(result.columns.map((name, i) => [name, result.types[i]]));
    return {
      columns: result.columns,
      rows: result.rows
        .slice(0, limits.rowCap)
        .map((r) =>
          Object.fromEntries(Object.entries(r).map(([k, v]) => [k, cell(v, types.get(k))])),
        ),
      truncated,
    };
  }
}

/**
 * The SQL of a report is one query: a trailing semicolon is dropped, any other is refused. The
 * database refuses everything else (writes, other tables, a second statement) on its own.
 */
function checkStatementShape(code: string): string {
  const text = code.trim().replace(/;\s*$/, '');
  if (text.includes(';')) {
    throw unprocessable('A report is one SELECT statement: remove the semicolons inside it.');
  }
  if (!/^(select|with|values|table)\b/i.test(text)) {
    throw unprocessable('A report is one SELECT statement over the reporting views.');
  }
  return text;
}
