/**
 * Opens a console's data folder after its server was killed (PostgreSQL's crash recovery runs
 * here) and prints what the ledger says as one JSON line: broken invariants, negative holdings,
 * and the movements booked for each dump and transfer beside the status its client was shown.
 * It runs in a process of its own, as the embedded engine's memory is never given back.
 */
import { sql } from 'drizzle-orm';
import { openDatabase } from '@roastery/db';
import { LedgerRepository } from '../../src/modules/inventory/ledger-repository.ts';

const dataDir = process.argv[2];
if (!dataDir) throw new Error('usage: check-data-dir.ts <data folder>');
const database = await openDatabase({ kind: 'pglite', dataDir });
try {
  const violations = await new LedgerRepository().invariantViolations(database.db);
  const negative = await database.db.execute(
    sql`select device_ref, lot_ref, centi_lbs::text from device_lots where centi_lbs < 0`,
  );
  const entries = await database.db.execute(sql`select count(*)::int as n from ledger_entries`);
  const bookings = await database.db.execute(sql`
    select 'dump' as kind, d.id, d.status, count(distinct e.movement_id)::int as movements
      from dumps d left join ledger_entries e on e.dump_id = d.id group by d.id, d.status
    union all
    select 'transfer', t.id, t.status, count(distinct e.movement_id)::int
      from transfers t left join ledger_entries e on e.transfer_id = t.id group by t.id, t.status`);
  console.log(
    JSON.stringify({
      violations,
      negative: (negative as { rows?: unknown[] }).rows ?? [],
      ledgerEntries: ((entries as { rows?: { n: number }[] }).rows ?? [])[0]?.n ?? 0,
      bookings: (bookings as { rows?: unknown[] }).rows ?? [],
    }),
  );
} finally {
  await database.close();
}
