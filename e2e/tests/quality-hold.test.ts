import { describe, expect, test } from 'vitest';
import { eq } from 'drizzle-orm';
import { Role, type QualityLot } from '@roastery/contract';
import { beans, orderBatches, orders } from '@roastery/db';
import { seedDemoPlant } from '@roastery/server/testing';
import { newBean, newOrder, newProduct } from '@roastery/server/testing/orders';
import { expectAccessible } from '../support/accessibility.ts';
import { signInAs } from '../support/console-actions.ts';
import { dialog } from '../support/form-actions.ts';
import { useConsoleHarness } from '../support/harness.ts';

// The lots are booked on the ledger as the order runs book them; no roaster needs to run.
const harness = useConsoleHarness();

describe('holding a lot and everything made from it', () => {
  test('a supervisor holds a green lot from the trace page and sees the held lots and what left the plant', async () => {
    const { page, url, server } = harness();
    const { db } = server.database;
    const { ledger, devices } = server.services;
    await seedDemoPlant(db, server.services.plant);
    const supervisor = server.as(Role.Supervisor);
    const product = await newProduct(
      supervisor,
      'Hold House Blend',
      [{ bean_id: await newBean(supervisor, 'Hold Bean'), ratio: 100 }],
      200,
    );
    const [bean] = await db.insert(beans).values({ name: 'Hold Sidamo' }).returning();
    const beanId = bean?.id ?? 0;
    const ref = async (code: string) => (await devices.summary(code)).d_id;
    const [gs1, r1] = [await ref('GS1'), await ref('R1')];
    const green = await ledger.createLot({ lotNumber: 'HOLD-G1', beanId, kind: 'green' });
    await ledger.receive({ toDevice: gs1, lotId: green, lbs: 500, reason: 'dump' });
    const roasting = await newOrder(db, { kind: 'roasting', productId: product, lbs: 400 });
    // Two batches of 200 lb green, each dropping 170 lb roasted into its bin.
    const lotIds: number[] = [];
    for (const [seq, bin] of [
      [1, 'WRB1'],
      [2, 'WRB2'],
    ] as const) {
      const [batch] = await db
        .insert(orderBatches)
        .values({ orderId: roasting, seq, status: 'finished', roasterDevice: r1 })
        .returning({ id: orderBatches.id });
      const cause = { batchId: batch?.id ?? 0, orderId: roasting };
      await ledger.move({ ...cause, fromDevice: gs1, toDevice: r1, lbs: 200, reason: 'roast_in' });
      await ledger.move({
        ...cause,
        fromDevice: r1,
        toDevice: null,
        lbs: 170,
        reason: 'roast_out',
      });
      await ledger.move({
        ...cause,
        fromDevice: r1,
        toDevice: null,
        lbs: 30,
        reason: 'roast_loss',
      });
      const lotId = await ledger.createLot({ lotNumber: `HOLD-R${seq}`, beanId, kind: 'roasted' });
      await ledger.receive({
        ...cause,
        toDevice: await ref(bin),
        lotId,
        lbs: 170,
        reason: 'roast_out',
      });
      lotIds.push(lotId);
    }
    // The first roasted lot was packed out whole for a customer.
    const packing = await newOrder(db, { kind: 'packing', productId: product, lbs: 170 });
    await db.update(orders).set({ customer: 'Cafe Uno' }).where(eq(orders.id, packing));
    await ledger.move({
      fromDevice: await ref('WRB1'),
      toDevice: null,
      lbs: 170,
      reason: 'pack',
      orderId: packing,
    });

    await signInAs(page, url, Role.Supervisor, '/trace?lot=HOLD-G1');
    await page.getByRole('button', { name: /Hold lot and everything made from it$/ }).click();
    const confirm = dialog(page);
    await confirm
      .getByText(
        'This puts 2 lots on hold: HOLD-G1, HOLD-R2. 1 packed order has already left the plant; they are listed for the recall decision.',
      )
      .waitFor();
    await confirm.getByLabel('Reason', { exact: true }).fill('Supplier recall: stones in the lot');
    await confirm.getByRole('button', { name: 'Hold 2 lots' }).click();

    const result = page.getByRole('dialog', { name: 'Lot HOLD-G1 held' });
    await result.getByText('2 lots are on hold: Supplier recall: stones in the lot').waitFor();
    await result
      .getByRole('row')
      .filter({ hasText: 'HOLD-R2' })
      .getByText('170 lbs', { exact: true })
      .waitFor();
    const left = result.getByRole('row').filter({ hasText: 'Cafe Uno' });
    await left.getByText('HOLD-R1', { exact: true }).waitFor();
    await left.getByText('170 lbs', { exact: true }).waitFor();
    await expectAccessible(page);

    const r2 = await supervisor<QualityLot>('GET', `/api/quality/lots/${lotIds[1] ?? 0}`);
    expect(r2.body).toMatchObject({
      status: 'on_hold',
      reason: 'Held with green lot HOLD-G1: Supplier recall: stones in the lot',
    });
    const r1Lot = await supervisor<QualityLot>('GET', `/api/quality/lots/${lotIds[0] ?? 0}`);
    expect(r1Lot.body.status).toBe('pending');
  });
});
