import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { openDatabase, PGLITE_SHARED_BUFFERS } from './database.ts';

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

describe('the embedded database', () => {
  it('creates an empty data folder, runs with the bounded shared buffers and keeps its data across a restart', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'roastery-db-'));
    dirs.push(dataDir);
    const first = await openDatabase({ kind: 'pglite', dataDir });
    const shown = await first.pglite!.query<{ shared_buffers: string }>('show shared_buffers');
    expect(shown.rows[0]?.shared_buffers).toBe(PGLITE_SHARED_BUFFERS);
    await first.pglite!.exec("create table kept (v text); insert into kept values ('roasted')");
    await first.close();

    const again = await openDatabase({ kind: 'pglite', dataDir });
    const kept = await again.pglite!.query<{ v: string }>('select v from kept');
    expect(kept.rows).toEqual([{ v: 'roasted' }]);
    expect((await again.pglite!.query('show shared_buffers')).rows).toEqual([
      { shared_buffers: PGLITE_SHARED_BUFFERS },
    ]);
    await again.close();
  }, 60_000);
});
