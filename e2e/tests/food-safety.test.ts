import { readFile } from 'node:fs/promises';
import { describe, expect, test } from 'vitest';
import { eq } from 'drizzle-orm';
import { Role, type FoodSafetyDay } from '@roastery/contract';
import { devices, orderBatches } from '@roastery/db';
import { passwordOf, seedDemoPlant } from '@roastery/server/testing';
import { newBean, newOrder, newProduct } from '@roastery/server/testing/orders';
import { newRoastRecord } from '@roastery/server/testing/roasts';
import { expectAccessible } from '../support/accessibility.ts';
import { signInAs, waitForToast } from '../support/console-actions.ts';
import { dialog } from '../support/form-actions.ts';
import { useConsoleHarness } from '../support/harness.ts';

// The batch's roast record is stored as the roaster's would be; no roaster needs to run.
const harness = useConsoleHarness();

const LOT = 'FS-E2E-1';
const MISSED = 'End temperature 430 °F, limit at most 420 °F.';

describe('the food-safety record book', () => {
  test('a supervisor records the corrective action of a missed limit, signs the day and opens the batch record', async () => {
    const { page, url, server } = harness();
    const { db } = server.database;
    await seedDemoPlant(db, server.services.plant);
    const supervisor = server.as(Role.Supervisor);
    const bean = await newBean(supervisor, 'Food Safety Huila');
    const product = await newProduct(
      supervisor,
      'Food Safety Roast',
      [{ bean_id: bean, ratio: 100 }],
      200,
    );
    await supervisor('PUT', `/api/food-safety/limits/${product}`, { max_end_f: 420 });
    const order = await newOrder(db, {
      kind: 'roasting',
      productId: product,
      lbs: 200,
      roaster: 'R1',
    });
    const [roaster] = await db
      .select({ id: devices.id })
      .from(devices)
      .where(eq(devices.deviceId, 'R1'));
    const lotId = await server.services.ledger.createLot({
      lotNumber: LOT,
      beanId: bean,
      kind: 'roasted',
    });
    const startedAt = new Date(Date.now() - 3_600_000);
    const [batch] = await db
      .insert(orderBatches)
      .values({
        orderId: order,
        seq: 1,
        status: 'finished',
        roasterDevice: roaster?.id ?? 0,
        roastedLotId: lotId,
        startedAt,
      })
      .returning({ id: orderBatches.id });
    await newRoastRecord(db, {
      roaster: 'R1',
      chargedAt: new Date(startedAt.getTime() + 60_000),
      roastS: 660,
      dropF: 430,
      colour: 52,
    });
    await server.services.roastRecords.batchRoasted({
      batchId: batch?.id ?? 0,
      roasterDevice: roaster?.id ?? 0,
      startedAt,
    });
    await server.services.foodSafety.settled();

    await signInAs(page, url, Role.Supervisor, '/food-safety');
    await page.getByRole('heading', { name: 'Food Safety', exact: true }).waitFor();
    await page.getByText(MISSED).first().waitFor();
    await expectAccessible(page);

    await page.getByRole('button', { name: /Record the corrective action of deviation/ }).click();
    const action = dialog(page);
    await action.getByLabel('Who', { exact: true }).fill('Sam Supervisor');
    await action
      .getByLabel('What was done', { exact: true })
      .fill('Lot held, roaster drop checked');
    await action.getByRole('button', { name: 'Record' }).click();
    await waitForToast(page, 'closed by its corrective action');
    await page.getByText('No open deviation').waitFor();

    await page.getByRole('button', { name: /Sign day$/ }).click();
    const sign = dialog(page);
    await sign
      .getByLabel('Sign with your password', { exact: true })
      .fill(passwordOf(Role.Supervisor));
    await sign.getByRole('button', { name: 'Sign' }).click();
    await page.getByText(/^Signed by Sam Supervisor at /).waitFor();
    const today = new Date().toISOString().slice(0, 10);
    const day = (await supervisor<FoodSafetyDay>('GET', `/api/food-safety/days/${today}`)).body;
    expect(day.signatures.map((s) => [s.by, s.intact])).toEqual([['Sam Supervisor', true]]);
    expect(day.corrective_actions.map((a) => a.what)).toEqual(['Lot held, roaster drop checked']);

    // The batch record's PDF is fetched with the session's token and handed to the downloads.
    const pdf = page.waitForResponse((r) => r.url().includes(`/batches/${batch?.id}/record.pdf`));
    const [file] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: `Batch record PDF of lot ${LOT}` }).click(),
    ]);
    const reply = await pdf;
    expect(reply.status()).toBe(200);
    expect(reply.headers()['content-type']).toBe('application/pdf');
    expect(file.suggestedFilename()).toBe(`food-safety-batch-${batch?.id}.pdf`);
    const saved = await readFile(await file.path());
    expect(saved.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(saved.toString('latin1')).toContain(`Food-safety batch record, lot ${LOT}`);
  });
});
