import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { devices } from '@roastery/db';
import { prepareTemplate } from '@roastery/db/testing';
import { buildTestApp, seedDemoPlant } from '@roastery/server/testing';

/**
 * The start of a benchmark that writes years of history straight into the database: a test app
 * on a fresh copy of the migrated template, the demo plant seeded, and its devices' row ids by
 * plant code, which the generated ledger rows name; `close` removes it all.
 */
export async function demoPlantForHistory() {
  const dir = await mkdtemp(join(tmpdir(), 'roastery-bench-'));
  const removeTemplate = await prepareTemplate(join(dir, 'template.tar'));
  const t = await buildTestApp();
  const { db } = t.database;
  await seedDemoPlant(db, t.services.plant);
  const ref = new Map(
    (await db.select({ id: devices.id, code: devices.deviceId }).from(devices)).map((d) => [
      d.code,
      d.id,
    ]),
  );
  const device = (code: string) => {
    const id = ref.get(code);
    if (id === undefined) throw new Error(`no ${code} in the demo plant`);
    return id;
  };
  const close = async () => {
    await t.close();
    await removeTemplate();
    await rm(dir, { recursive: true, force: true });
  };
  return { t, db, device, close };
}
