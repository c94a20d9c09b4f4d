import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asc, eq, sql } from 'drizzle-orm';
import {
  Role,
  qualityMessages,
  type AuditPage,
  type AuditVerification,
  type QualityLot,
  type QualitySpec,
} from '@roastery/contract';
import { auditLog, devices, orderBatches, qualitySignatures } from '@roastery/db';
import {
  ADMIN_PASSWORD,
  USER_PASSWORD,
  buildTestApp,
  seedDemoPlant,
  type ApiCaller,
  type TestApp,
} from '../../../test/helper.ts';
import { newBean, newOrder, newProduct } from '../../../test/order-fixtures.ts';
import { newRoastRecord } from '../../../test/roast-record-fixtures.ts';
import { databaseMessage } from '../../lib/db-errors.ts';

let t: TestApp;
let supervisor: ApiCaller;
let admin: ApiCaller;
let operator: ApiCaller;
let beanId = 0;
let productId = 0;
let orderId = 0;
let roasterRef = 0;
let lots = 0;

/** The specification every test's lots are checked against. */
const SPEC = {
  colour_min: 45,
  colour_max: 60,
  moisture_min: 1,
  moisture_max: 5,
  loss_min: 12,
  loss_max: 16,
  development_min: 18,
  development_max: 25,
  cupping_min: 80,
};

/** A roasted lot as the order runs book one: a finished batch of the order, and its lot. */
async function roastedLot(): Promise<{ lotId: number; batchId: number; lotNumber: string }> {
  lots += 1;
  const lotNumber = `QR-${lots}`;
  const lotId = await t.services.ledger.createLot({ lotNumber, beanId, kind: 'roasted' });
  const [batch] = await t.database.db
    .insert(orderBatches)
    .values({
      orderId,
      seq: lots,
      status: 'finished',
      roasterDevice: roasterRef,
      roastedLotId: lotId,
      startedAt: new Date(Date.UTC(2026, 2, 10, lots)),
    })
    .returning({ id: orderBatches.id });
  if (!batch) throw new Error('no batch');
  return { lotId, batchId: batch.id, lotNumber };
}

/** Roasts a lot's batch with these figures and lets the roast records link the record to it. */
async function roast(
  batchId: number,
  figures: { greenLbs: number; roastedLbs: number; colour: number; firstCrackS: number },
) {
  const startedAt = new Date(Date.UTC(2026, 2, 10, lots));
  const { firstCrackS, ...weighed } = figures;
  const recordId = await newRoastRecord(t.database.db, {
    roaster: 'R1',
    chargedAt: new Date(startedAt.getTime() + 60_000),
    roastS: 600,
    dropF: 410,
    ...weighed,
  });
  // The operator's mark of first crack, which the record keeps when it is linked to the batch.
  await t.services.roastRecords.mark(recordId, { first_crack: firstCrackS });
  await t.services.roastRecords.batchRoasted({ batchId, roasterDevice: roasterRef, startedAt });
  await t.services.quality.settled();
}

const lot = async (lotId: number) =>
  (await supervisor<QualityLot>('GET', `/api/quality/lots/${lotId}`)).body;

const decide = (caller: ApiCaller, lotId: number, body: object) =>
  caller<QualityLot & { message?: string }>('POST', `/api/quality/lots/${lotId}/decision`, body);

const release = { meaning: 'released', password: USER_PASSWORD };
const adminRelease = { meaning: 'released', password: ADMIN_PASSWORD };

beforeAll(async () => {
  t = await buildTestApp();
  const db = t.database.db;
  await seedDemoPlant(db, t.services.plant);
  supervisor = t.as(Role.Supervisor);
  admin = t.as(Role.Administrator);
  operator = t.as(Role.Operator);
  beanId = await newBean(supervisor, 'Quality Bean');
  productId = await newProduct(supervisor, 'Quality Blend', [{ bean_id: beanId, ratio: 100 }], 100);
  orderId = await newOrder(db, { kind: 'roasting', productId, lbs: 1000, roaster: 'R1' });
  const [r1] = await db.select({ id: devices.id }).from(devices).where(eq(devices.deviceId, 'R1'));
  roasterRef = r1?.id ?? 0;
  const saved = await supervisor('PUT', `/api/quality/specs/${productId}`, SPEC);
  if (saved.status !== 200) throw new Error(JSON.stringify(saved.body));
});
afterAll(() => t.close());

describe('quality specifications', () => {
  it('keeps every bound, refuses a minimum above its maximum with 422 and changes nothing', async () => {
    const read = await operator<QualitySpec>('GET', `/api/quality/specs/${productId}`);
    expect(read.status).toBe(200);
    expect(read.body).toMatchObject({ ...SPEC, product_name: 'Quality Blend' });
    expect(read.body.updated_by).toBe('Sam Supervisor');
    const crossed = await supervisor('PUT', `/api/quality/specs/${productId}`, {
      ...SPEC,
      loss_min: 17,
    });
    expect(crossed.status).toBe(422);
    expect(crossed.body.message).toBe('The roast loss minimum of 17% is above its maximum of 16%.');
    const outOfScale = await supervisor('PUT', `/api/quality/specs/${productId}`, {
      colour_min: 101,
    });
    expect(outOfScale.status).toBe(400);
    expect(outOfScale.body.message).toContain(qualityMessages.colour);
    expect((await operator('PUT', `/api/quality/specs/${productId}`, SPEC)).status).toBe(403);
    expect((await operator<QualitySpec>('GET', `/api/quality/specs/${productId}`)).body).toEqual(
      read.body,
    );
  });

  it('gives a product without a specification every bound empty, and 404 for no product', async () => {
    const other = await newProduct(
      supervisor,
      'Unchecked Roast',
      [{ bean_id: beanId, ratio: 100 }],
      50,
    );
    const spec = await supervisor<QualitySpec>('GET', `/api/quality/specs/${other}`);
    expect(spec.body).toMatchObject({ colour_min: null, cupping_min: null, updated_at: null });
    const missing = await supervisor('GET', '/api/quality/specs/999999');
    expect(missing.status).toBe(404);
    expect(missing.body.message).toBe('Product 999999 not found.');
  });
});

describe('results and automatic hold', () => {
  it("puts a lot on hold by itself when its roast record's loss and colour are out of spec", async () => {
    const { lotId, batchId, lotNumber } = await roastedLot();
    expect((await lot(lotId)).status).toBe('pending');
    // 100 lbs in, 80 out: 20 % loss; crack at 480 of 600 s: 20 % development, in spec.
    await roast(batchId, { greenLbs: 100, roastedLbs: 80, colour: 41.2, firstCrackS: 480 });
    const held = await lot(lotId);
    expect(held.status).toBe('on_hold');
    expect(held.reason).toBe(
      "Roast loss 20% is above the specification's 12-16%. Colour 41.2 is below the specification's 45-60.",
    );
    expect(
      held.results.map((r) => [r.kind, r.value, r.source, r.in_spec, r.spec, r.batch_id]),
    ).toEqual([
      ['loss', 20, 'roast_record', false, '12-16%', batchId],
      ['development', 20, 'roast_record', true, '18-25%', batchId],
      ['colour', 41.2, 'roast_record', false, '45-60', batchId],
    ]);
    const bell = await t.services.notifications.unseen();
    expect(bell.map((n) => n.text)).toContain(`Lot ${lotNumber} is on hold: ${held.reason}`);
    const listed = await supervisor<QualityLot[]>('GET', '/api/quality/lots?status=on_hold');
    expect(listed.body.map((l) => l.lot_number)).toContain(lotNumber);
  });

  it('leaves a lot whose roast is in spec pending, and lists it among the pending lots', async () => {
    const { lotId, batchId, lotNumber } = await roastedLot();
    await roast(batchId, { greenLbs: 100, roastedLbs: 86, colour: 52, firstCrackS: 480 });
    const checked = await lot(lotId);
    expect(checked).toMatchObject({ status: 'pending', reason: '', product_name: 'Quality Blend' });
    expect(checked.results.map((r) => r.in_spec)).toEqual([true, true, true]);
    const pending = await operator<QualityLot[]>('GET', '/api/quality/lots?status=pending');
    expect(pending.body.map((l) => l.lot_number)).toContain(lotNumber);
    const held = await operator<QualityLot[]>('GET', '/api/quality/lots?status=on_hold');
    expect(held.body.map((l) => l.lot_number)).not.toContain(lotNumber);
  });

  it('keeps a lot pending for an entered result in spec and holds it for one out of spec', async () => {
    const { lotId } = await roastedLot();
    const cupping = await supervisor<QualityLot>('POST', `/api/quality/lots/${lotId}/results`, {
      kind: 'cupping',
      value: 84.5,
      notes: 'Stone fruit, clean finish',
    });
    expect(cupping.status).toBe(201);
    expect(cupping.body.status).toBe('pending');
    expect(cupping.body.results[0]).toMatchObject({
      kind: 'cupping',
      value: 84.5,
      source: 'entered',
      by: 'Sam Supervisor',
      notes: 'Stone fruit, clean finish',
      in_spec: true,
      spec: 'at least 80',
    });
    const wet = await supervisor<QualityLot>('POST', `/api/quality/lots/${lotId}/results`, {
      kind: 'moisture',
      value: 7,
    });
    expect(wet.body.status).toBe('on_hold');
    expect(wet.body.reason).toBe("Moisture 7% is above the specification's 1-5%.");
    const low = await supervisor<QualityLot>('POST', `/api/quality/lots/${lotId}/results`, {
      kind: 'cupping',
      value: 78,
    });
    expect(low.body.reason).toBe(
      "Moisture 7% is above the specification's 1-5%. Cupping score 78 is below the specification's minimum of 80.",
    );
  });

  it('refuses results from an operator, out of scale, and for a lot that is not roasted', async () => {
    const { lotId } = await roastedLot();
    const body = { kind: 'colour', value: 50 };
    expect((await operator('POST', `/api/quality/lots/${lotId}/results`, body)).status).toBe(403);
    const scale = await supervisor('POST', `/api/quality/lots/${lotId}/results`, {
      kind: 'colour',
      value: 140,
    });
    expect(scale.status).toBe(400);
    expect(scale.body.message).toContain(qualityMessages.colour);
    const green = await t.services.ledger.createLot({
      lotNumber: 'QG-1',
      beanId,
      kind: 'green',
    });
    const notRoasted = await supervisor('POST', `/api/quality/lots/${green}/results`, body);
    expect(notRoasted.status).toBe(404);
    expect(notRoasted.body.message).toBe(`Roasted lot ${green} not found.`);
    expect((await lot(lotId)).results).toEqual([]);
  });
});

describe('signed decisions', () => {
  it('releases a pending lot with one signature over the hash of its record', async () => {
    const { lotId, lotNumber } = await roastedLot();
    const released = await decide(supervisor, lotId, release);
    expect(released.status).toBe(200);
    expect(released.body).toMatchObject({ status: 'released', awaiting_second_signature: false });
    expect(released.body.signatures).toHaveLength(1);
    expect(released.body.signatures[0]).toMatchObject({
      by: 'Sam Supervisor',
      meaning: 'released',
    });
    expect(released.body.signatures[0]?.record_sha256).toMatch(/^[0-9a-f]{64}$/);
    const again = await decide(admin, lotId, adminRelease);
    expect(again.status).toBe(409);
    expect(again.body.message).toBe(
      `Lot ${lotNumber} was already released: a decision on it is final.`,
    );
    const late = await supervisor('POST', `/api/quality/lots/${lotId}/results`, {
      kind: 'colour',
      value: 30,
    });
    expect(late.status).toBe(409);
    expect((await lot(lotId)).signatures).toHaveLength(1);
  });

  it('releases a lot held out of spec only with a second, different person', async () => {
    const { lotId, lotNumber } = await roastedLot();
    await supervisor('POST', `/api/quality/lots/${lotId}/results`, { kind: 'colour', value: 62 });
    const first = await decide(supervisor, lotId, {
      meaning: 'released_under_deviation',
      reason: 'Customer accepts a lighter roast for this lot',
      password: USER_PASSWORD,
    });
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ status: 'on_hold', awaiting_second_signature: true });
    const same = await decide(supervisor, lotId, release);
    expect(same.status).toBe(409);
    expect(same.body.message).toBe(
      `You signed the first release of lot ${lotNumber}, which is on hold for a result out of its specification: a different person must sign the second.`,
    );
    expect((await lot(lotId)).signatures).toHaveLength(1);
    const second = await decide(admin, lotId, adminRelease);
    expect(second.body).toMatchObject({ status: 'released', awaiting_second_signature: false });
    expect(second.body.signatures.map((s) => [s.by, s.meaning])).toEqual([
      ['Sam Supervisor', 'released_under_deviation'],
      ['Administrator', 'released'],
    ]);
    // Each signed what it saw: the second signer's record held the first signature.
    const [a, b] = second.body.signatures;
    expect(a?.record_sha256).not.toBe(b?.record_sha256);
  });

  it('rejects with a reason, and a rejected lot is final', async () => {
    const { lotId, lotNumber } = await roastedLot();
    const bare = await decide(supervisor, lotId, { meaning: 'rejected', password: USER_PASSWORD });
    expect(bare.status).toBe(400);
    expect(bare.body.message).toContain(qualityMessages.reason);
    const rejected = await decide(supervisor, lotId, {
      meaning: 'rejected',
      reason: 'Scorched in the drum',
      password: USER_PASSWORD,
    });
    expect(rejected.body).toMatchObject({ status: 'rejected', reason: 'Scorched in the drum' });
    const after = await decide(admin, lotId, adminRelease);
    expect(after.status).toBe(409);
    expect(after.body.message).toBe(
      `Lot ${lotNumber} was already rejected: a decision on it is final.`,
    );
  });

  it('refuses a wrong password, an operator and an unknown lot, and changes nothing', async () => {
    const { lotId } = await roastedLot();
    const wrong = await decide(supervisor, lotId, { meaning: 'released', password: 'not-it-123' });
    expect(wrong.status).toBe(422);
    expect(wrong.body).toMatchObject({
      message: 'The password is not correct. Nothing was signed.',
    });
    expect(await lot(lotId)).toMatchObject({ status: 'pending', signatures: [] });
    expect((await decide(operator, lotId, release)).status).toBe(403);
    const unknown = await decide(supervisor, 999999, release);
    expect(unknown.status).toBe(404);
  });
});

describe('signatures in the audit chain', () => {
  it('records each signature in the chain, which verifies until its row is changed', async () => {
    const { lotId, lotNumber } = await roastedLot();
    const signed = (await decide(supervisor, lotId, release)).body.signatures[0];
    await t.services.audit.flush();
    const page = await admin<AuditPage>('GET', `/api/audit?category=quality&text=${lotNumber},`);
    expect(page.body.data).toHaveLength(1);
    expect(page.body.data[0]).toMatchObject({
      user_name: 'sam.supervisor',
      action: 'signature',
      target: `lot ${lotNumber}, signature ${signed?.id}`,
      result: `released; record sha256 ${signed?.record_sha256}`,
    });
    const verify = async () => (await admin<AuditVerification>('GET', '/api/audit/verify')).body;
    expect((await verify()).intact).toBe(true);

    const { db } = t.database;
    const rowId = page.body.data[0]?.id ?? 0;
    const saved = await db.select().from(auditLog).orderBy(asc(auditLog.id));
    await db.execute(sql`alter table audit_log disable trigger audit_log_append_only`);
    try {
      await db
        .update(auditLog)
        .set({ result: `rejected; record sha256 ${signed?.record_sha256}` })
        .where(eq(auditLog.id, rowId));
      const broken = await verify();
      expect(broken).toMatchObject({ intact: false, broken_at: rowId });
    } finally {
      await db.delete(auditLog);
      await db.insert(auditLog).values(saved);
      await db.execute(sql`alter table audit_log enable trigger audit_log_append_only`);
    }
    expect((await verify()).intact).toBe(true);
  });

  it('keeps signatures append-only in the database itself', async () => {
    const { db } = t.database;
    const refusal = (query: Promise<unknown>) =>
      query.then(
        () => 'done',
        (error: unknown) => databaseMessage(error),
      );
    expect(
      await refusal(
        db
          .update(qualitySignatures)
          .set({ meaning: 'rejected' })
          .where(sql`true`),
      ),
    ).toBe('Quality signatures are append-only: UPDATE is not allowed');
    expect(await refusal(db.delete(qualitySignatures).where(sql`true`))).toBe(
      'Quality signatures are append-only: DELETE is not allowed',
    );
    expect((await db.select().from(qualitySignatures)).length).toBeGreaterThan(0);
  });
});
