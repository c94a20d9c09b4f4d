import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  Role,
  TransferState,
  transferMessages,
  type Bean,
  type ConveyorRoutes,
  type LotTrace,
  type SiloContents,
  type SiloPrompt,
  type Transfer,
  type TransferBin,
} from '@roastery/contract';
import {
  buildTestApp,
  entriesBookedBy,
  eventually,
  refuseCompletion,
  stockBin,
  type ApiCaller,
  type TestApp,
} from '../../../test/helper.ts';

let t: TestApp;
let supervisor: ApiCaller;
let colombia: number;
let brazil: number;
let organic: number;

const newBean = async (bean_name: string, segregation?: string) =>
  (
    await supervisor<Bean>('POST', '/api/bean', {
      bean: { bean_name, ...(segregation ? { segregation } : {}) },
    })
  ).body.id;

beforeAll(async () => {
  t = await buildTestApp({}, { plant: true });
  supervisor = t.as(Role.Supervisor);
  colombia = await newBean('Colombia Supremo');
  brazil = await newBean('Brazil Santos');
  organic = await newBean('Peru Organic', 'organic');
  await eventually(() => t.services.runtime.connected(), 'the PLC connection');
});
afterAll(() => t.close());

const sim = () => t.services.runtime.simulator.running!.model;
const book = async (code: string) =>
  (await supervisor<SiloContents[]>('GET', '/api/product/silo')).body.find(
    (s) => s.device_id === code,
  );
const create = (body: object) =>
  supervisor<Transfer & { message?: string }>('POST', '/api/transfer', body);
const transferById = async (id: number) =>
  (await supervisor<Transfer[]>('GET', '/api/transfer')).body.find((x) => x.id === id);
const ended = (id: number) =>
  eventually(
    async () => {
      const found = await transferById(id);
      return found && ['completed', 'failed'].includes(found.status) ? found : undefined;
    },
    `transfer ${id} to end`,
    30_000,
  );

describe('transfer requests', () => {
  it('refuse what the spec and the ledger forbid, with clear messages', async () => {
    await stockBin(t.services, 'GS1', colombia, 400);
    const empty = await create({ targetWeight: 10 });
    expect(empty.status).toBe(400);
    expect(empty.body.message).toContain(transferMessages.source);
    expect(empty.body.message).toContain(transferMessages.target);

    const same = await create({ sourceBinId: 'GS1', targetBinId: 'GS1', targetWeight: 10 });
    expect(same.status).toBe(422);

    const otherConveyor = await create({
      sourceBinId: 'GS1',
      targetBinId: 'WRB1',
      targetWeight: 10,
    });
    expect(otherConveyor.status).toBe(422);
    expect(otherConveyor.body.message).toBe(
      'Green Silo 1 and WRB Bin 1 are not on the same transfer conveyor.',
    );

    const tooMuch = await create({ sourceBinId: 'GS1', targetBinId: 'GS2', targetWeight: 400.01 });
    expect(tooMuch.status).toBe(422);
    expect(tooMuch.body.message).toBe(
      'You can transfer at most 400.00 lbs: Green Silo 1 holds 400.00 lbs; Green Silo 2 has room for 20,000.00 lbs.',
    );

    const intoReEntry = await create({ sourceBinId: 'WRB1', targetBinId: 'REB1', targetWeight: 1 });
    expect(intoReEntry.status).toBe(422);
    expect(intoReEntry.body.message).toBe(
      'Re-entry Bin is a re-entry bin and cannot take a transfer.',
    );

    await stockBin(t.services, 'REB1', brazil, 50);
    const noBean = await create({ sourceBinId: 'REB1', targetBinId: 'WRB1', targetWeight: 10 });
    expect(noBean.status).toBe(422);
    expect(noBean.body.message).toBe(transferMessages.bean);

    const operator = await t.as(Role.Operator)('POST', '/api/transfer', {
      sourceBinId: 'GS1',
      targetBinId: 'GS2',
      targetWeight: 10,
    });
    expect(operator.status).toBe(403);
    expect((await supervisor<Transfer[]>('GET', '/api/transfer')).body).toEqual([]);
  });

  it('list the bins each conveyor reaches with what they hold', async () => {
    const bins = (await supervisor<TransferBin[]>('GET', '/api/transfer/bin')).body;
    expect(bins.map((b) => b.id)).toEqual([
      'GS1',
      'GS2',
      'GS3',
      'GS4',
      'GS5',
      'GS6',
      'WRB1',
      'WRB2',
      'WRB3',
      'WRB4',
      'REB1',
    ]);
    expect(bins.find((b) => b.id === 'GS1')).toMatchObject({
      name: 'Green Silo 1',
      bean: 'Colombia Supremo',
      bean_id: colombia,
      binCapacity: 20000,
      currentWeight: 400,
      isReEntry: false,
      conveyor_id: 'TC1',
    });
    expect(bins.find((b) => b.id === 'REB1')).toMatchObject({
      isReEntry: true,
      conveyor_id: 'TC2',
    });
  });

  it('need a recorded override to mix segregated and other beans', async () => {
    await stockBin(t.services, 'GS2', organic, 100);
    const refused = await create({ sourceBinId: 'GS2', targetBinId: 'GS1', targetWeight: 10 });
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe(
      'Green Silo 1 would mix unflagged and organic beans. Confirm the segregation override to do it anyway.',
    );
    const allowed = await create({
      sourceBinId: 'GS2',
      targetBinId: 'GS1',
      targetWeight: 10,
      segregation_override: true,
    });
    expect(allowed.status).toBe(201);
    expect(allowed.body).toMatchObject({ segregation_override: true, status: 'pending' });
    expect((await supervisor('DELETE', `/api/transfer/${allowed.body.id}`)).status).toBe(200);
    expect(await transferById(allowed.body.id)).toBeUndefined();
  });
});

describe('a transfer', () => {
  it('runs its conveyor workflow and books what the conveyor weighed', async () => {
    const lot = await stockBin(t.services, 'GS3', colombia, 1000);
    await stockBin(t.services, 'GS4', brazil, 500);
    const created = await create({ sourceBinId: 'GS3', targetBinId: 'GS4', targetWeight: 121.45 });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      source_device_id: 'GS3',
      target_device_name: 'Green Silo 4',
      target_amount: 121.45,
      bean_name: 'Colombia Supremo',
      status: 'pending',
      is_processing: false,
      conveyor_id: 'TC1',
      created_by: 'Sam Supervisor',
    });
    const pending = (await supervisor<Transfer[]>('GET', '/api/transfer?status=pending')).body;
    expect(pending.map((x) => x.id)).toContain(created.body.id);

    const ack = await supervisor<Transfer>('GET', `/api/transfer/acknowledge/${created.body.id}`);
    expect(ack.status).toBe(200);
    expect(ack.body).toMatchObject({ status: 'processing', is_processing: true });
    expect((await supervisor('DELETE', `/api/transfer/${created.body.id}`)).status).toBe(409);

    const done = await ended(created.body.id);
    expect(done).toMatchObject({ status: 'completed', moved_amount: 121.45, error: null });
    expect((await book('GS3'))?.occupancy).toBe(878.55);
    expect(await book('GS4')).toMatchObject({
      occupancy: 621.45,
      beans: [
        { bean_id: brazil, lbs: 500 },
        { bean_id: colombia, lbs: 121.45 },
      ],
    });
    expect(sim().getValue('GS3', 'Occupancy')).toBe(878.55);
    expect(sim().getValue('GS4', 'Occupancy')).toBe(621.45);
    expect(sim().getValue('TC1', 'Transfer State')).toBe(TransferState.Idle);
    const trace = (await supervisor<LotTrace>('GET', `/api/trace/lot/${lot}`)).body;
    expect(trace.movements.at(-1)).toMatchObject({
      reason: 'transfer',
      from: 'Green Silo 3',
      to: 'Green Silo 4',
      lbs: 121.45,
      transfer_id: created.body.id,
    });
    const completed = (await supervisor<Transfer[]>('GET', '/api/transfer?status=completed')).body;
    expect(completed.map((x) => x.id)).toContain(created.body.id);
    expect(await t.services.ledger.invariantViolations()).toEqual([]);
  });

  it("moves only the chosen bean's lots out of a re-entry bin", async () => {
    await stockBin(t.services, 'REB1', colombia, 30);
    const created = await create({
      sourceBinId: 'REB1',
      targetBinId: 'WRB2',
      targetWeight: 20,
      bean_id: colombia,
    });
    expect(created.status).toBe(201);
    expect(created.body.bean_name).toBe('Colombia Supremo');
    await supervisor('GET', `/api/transfer/acknowledge/${created.body.id}`);
    expect(await ended(created.body.id)).toMatchObject({ status: 'completed', moved_amount: 20 });
    expect((await book('WRB2'))?.beans).toEqual([
      { bean_id: colombia, bean_name: 'Colombia Supremo', lbs: 20 },
    ]);
  });
});

describe('a transfer whose completion cannot be stored', () => {
  it('books nothing: booking and completion commit together', async () => {
    await stockBin(t.services, 'WRB3', colombia, 100);
    const created = await create({ sourceBinId: 'WRB3', targetBinId: 'WRB4', targetWeight: 30 });
    expect(created.status).toBe(201);
    const id = created.body.id;
    // What a crash between the two writes would leave, made certain: the completion fails.
    const allowCompletion = await refuseCompletion(t.database, 'transfers', id);
    try {
      expect((await supervisor('GET', `/api/transfer/acknowledge/${id}`)).status).toBe(200);
      const done = await ended(id);
      // The conveyor ran; its booking was refused with the completion, and nothing else booked.
      expect({ status: done.status, error: done.error }).toEqual({
        status: 'failed',
        error: 'the completion could not be stored',
      });
      expect(await entriesBookedBy(t.database, 'transfer', id)).toBe(0);
      expect((await book('WRB3'))?.occupancy).toBe(100);
      expect((await book('WRB4'))?.occupancy ?? 0).toBe(0);
      expect(await t.services.ledger.invariantViolations()).toEqual([]);
    } finally {
      await allowCompletion();
    }
  });
});

describe('a source that runs empty', () => {
  const stall = async (source: string, target: string, bookLbs: number, levelLbs: number) => {
    await stockBin(t.services, source, colombia, bookLbs);
    // The silo physically holds less than its book says: the conveyor will run dry.
    sim().setValue(source, 'Occupancy', levelLbs);
    const created = await create({ sourceBinId: source, targetBinId: target, targetWeight: 120 });
    expect(created.status).toBe(201);
    await supervisor('GET', `/api/transfer/acknowledge/${created.body.id}`);
    const prompt = await eventually(
      async () =>
        (await supervisor<SiloPrompt[]>('GET', '/api/dashboard/popup/single-silo')).body.find(
          (p) => p.transfer_id === created.body.id,
        ),
      'the empty-silo prompt',
      30_000,
    );
    return { id: created.body.id, prompt };
  };

  it('is bagged off: the transfer ends with what moved', async () => {
    const { id, prompt } = await stall('GS5', 'GS6', 600, 30);
    expect(prompt).toMatchObject({
      source_device_name: 'Green Silo 5',
      moved_amount: 30,
      remaining: 90,
      target_amount: 120,
    });
    const answered = await supervisor<Transfer>('POST', '/api/dashboard/popup/single-silo', {
      transfer_id: id,
      type: 'bagoff',
    });
    expect(answered.status).toBe(200);
    expect(answered.body).toMatchObject({ status: 'completed', moved_amount: 30 });
    expect(answered.body.error).toBe('Bagged off by Sam Supervisor after 30.00 lbs.');
    expect((await book('GS6'))?.occupancy).toBe(30);
    expect((await book('GS5'))?.occupancy).toBe(570);
    await eventually(
      () => sim().getValue('TC1', 'Running') === 0,
      'the conveyor to be stopped by the reset',
    );
    const again = await supervisor('POST', '/api/dashboard/popup/single-silo', {
      transfer_id: id,
      type: 'bagoff',
    });
    expect(again.status).toBe(409);
  });

  it('carries on from a substitute silo holding the same bean', async () => {
    await stockBin(t.services, 'GS1', colombia, 600);
    const { id, prompt } = await stall('GS5', 'GS4', 500, 40);
    expect(prompt.substitutes.map((s) => s.device_id)).toContain('GS1');

    const wrong = await supervisor('POST', '/api/dashboard/bean/device', {
      transfer_id: id,
      device_id: 'GS2',
    });
    expect(wrong.status).toBe(422);
    const missing = await supervisor('POST', '/api/dashboard/bean/device', { transfer_id: id });
    expect(missing.status).toBe(400);
    expect(missing.body.message).toContain('Please select a substitute silo bin');
    expect(
      (await supervisor('POST', '/api/dashboard/continue-order', { transfer_id: id })).status,
    ).toBe(409);

    const chosen = await supervisor<SiloPrompt>('POST', '/api/dashboard/bean/device', {
      transfer_id: id,
      device_id: 'GS1',
    });
    expect(chosen.body.substitute_device_id).toBe('GS1');
    const next = await supervisor<Transfer>('POST', '/api/dashboard/continue-order', {
      transfer_id: id,
    });
    expect(next.status).toBe(200);
    expect(next.body).toMatchObject({
      source_device_id: 'GS1',
      target_device_id: 'GS4',
      target_amount: 80,
      status: 'processing',
    });
    expect(await transferById(id)).toMatchObject({
      status: 'completed',
      moved_amount: 40,
      error: 'Continued from Green Silo 1 by Sam Supervisor after 40.00 lbs.',
    });
    expect(await ended(next.body.id)).toMatchObject({ status: 'completed', moved_amount: 80 });
    expect((await book('GS4'))?.occupancy).toBe(741.45);
    expect(await t.services.ledger.invariantViolations()).toEqual([]);
  });

  it('keeps waiting on continue and finishes once the source is refilled', async () => {
    const { id } = await stall('GS6', 'GS3', 600, 20);
    const waiting = await supervisor<Transfer>('POST', '/api/dashboard/popup/single-silo', {
      transfer_id: id,
      type: 'continue',
    });
    expect(waiting.body.status).toBe('processing');
    expect(
      (await supervisor<SiloPrompt[]>('GET', '/api/dashboard/popup/single-silo')).body,
    ).toEqual([]);
    // Someone dumps into the source: the level rises and the conveyor carries on.
    sim().setValue('GS6', 'Occupancy', sim().getValue('GS6', 'Occupancy') + 600);
    expect(await ended(id)).toMatchObject({ status: 'completed', moved_amount: 120 });
    expect((await book('GS6'))?.occupancy).toBe(510);
  });
});

describe('route tables', () => {
  it('list each conveyor, and an administrator replaces one to match the PLC', async () => {
    const tables = (await supervisor<ConveyorRoutes[]>('GET', '/api/transfer/routes')).body;
    expect(tables.map((x) => [x.conveyor_id, x.routes.map((r) => r.device_id)])).toEqual([
      ['TC1', ['GS1', 'GS2', 'GS3', 'GS4', 'GS5', 'GS6']],
      ['TC2', ['WRB1', 'WRB2', 'WRB3', 'WRB4', 'REB1']],
    ]);
    const admin = t.as(Role.Administrator);
    expect((await supervisor('PUT', '/api/transfer/routes/TC2', { routes: ['WRB1'] })).status).toBe(
      403,
    );
    const twice = await admin('PUT', '/api/transfer/routes/TC2', { routes: ['WRB1', 'wrb1'] });
    expect(twice.status).toBe(400);
    expect(twice.body.message).toContain('A device appears twice in the route table.');
    const unknown = await admin('PUT', '/api/transfer/routes/TC2', { routes: ['WRB9'] });
    expect(unknown.status).toBe(404);
    expect(unknown.body.message).toBe('Device WRB9 not found.');

    const saved = await admin<ConveyorRoutes>('PUT', '/api/transfer/routes/TC2', {
      routes: ['REB1', 'WRB4', 'WRB3', 'WRB2', 'WRB1'],
    });
    expect(saved.status).toBe(200);
    expect(saved.body.routes[0]).toEqual({
      route_no: 1,
      device_id: 'REB1',
      device_name: 'Re-entry Bin',
    });
    await admin('PUT', '/api/transfer/routes/TC2', {
      routes: ['WRB1', 'WRB2', 'WRB3', 'WRB4', 'REB1'],
    });
  });
});
