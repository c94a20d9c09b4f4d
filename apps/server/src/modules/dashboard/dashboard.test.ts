import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  Role,
  type Bean,
  type Dump,
  type DumpError,
  type Notification,
  type SiloContents,
  type SiloStat,
  type WaitingDump,
} from '@roastery/contract';
import {
  buildTestApp,
  eventually,
  stockBin,
  type ApiCaller,
  type TestApp,
} from '../../../test/helper.ts';

let t: TestApp;
let supervisor: ApiCaller;
let operator: ApiCaller;
let ethiopia: number;

beforeAll(async () => {
  t = await buildTestApp({}, { plant: true });
  supervisor = t.as(Role.Supervisor);
  operator = t.as(Role.Operator);
  ethiopia = (
    await supervisor<Bean>('POST', '/api/bean', { bean: { bean_name: 'Ethiopia Yirgacheffe' } })
  ).body.id;
  await eventually(() => t.services.runtime.connected(), 'the PLC connection');
});
afterAll(() => t.close());

const sim = () => t.services.runtime.simulator.running!.model;
const book = async (code: string) =>
  (await supervisor<SiloContents[]>('GET', '/api/product/silo')).body.find(
    (s) => s.device_id === code,
  )?.occupancy;
const dumpById = async (id: number) =>
  (await supervisor<Dump[]>('GET', '/api/dump')).body.find((d) => d.id === id);

/**
 * A dump whose run is stopped part-way: far more bags on the scale than asked for, the run
 * stopped once the silo has risen, and the gates reset so nothing more flows.
 */
async function failedDump(silo: string, amount: number): Promise<DumpError> {
  const created = await operator<Dump>('POST', '/api/dump/create', {
    amount,
    bean_id: ethiopia,
    type: 'Silo Bin',
    device_id: silo,
  });
  expect(created.status).toBe(201);
  const start = sim().getValue(silo, 'Occupancy');
  sim().setDumpScaleWeight('DS1', amount * 10);
  const ack = await operator<Dump>('POST', `/api/dump/request/${created.body.id}`);
  expect(ack.status).toBe(200);
  const workflow = ack.body.workflow_id!;
  await eventually(() => sim().getValue(silo, 'Occupancy') >= start + 20, 'the silo to rise');
  expect((await supervisor('POST', `/api/workflow/${workflow}/stop`, {})).status).toBe(200);
  await eventually(
    async () => (await dumpById(created.body.id))?.status === 'failed',
    'the dump to fail',
  );
  expect((await supervisor('POST', `/api/workflow/${workflow}/clear-reset`, {})).status).toBe(200);
  await eventually(() => sim().getValue('DS1', 'Running') === 0, 'the dump station to stop');
  sim().setDumpScaleWeight('DS1', 0);
  const errors = (await supervisor<DumpError[]>('GET', '/api/dashboard/dump_popup/error')).body;
  const error = errors.find((e) => e.id === created.body.id);
  expect(error).toBeDefined();
  return error!;
}

describe('the Silo Bins Occupancy table', () => {
  it('shows book weight, PLC level and fill for every silo and bin, to operators too', async () => {
    await stockBin(t.services, 'GS5', ethiopia, 5000);
    sim().setValue('GS5', 'Occupancy', 4990);
    const rows = await eventually(async () => {
      const body = (await operator<SiloStat[]>('GET', '/api/dashboard/bean')).body;
      return body.find((r) => r.id === 'GS5')?.measured === 4990 ? body : undefined;
    }, 'the scanned level');
    expect(rows.map((r) => r.id)).toEqual([
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
    ]);
    expect(rows.find((r) => r.id === 'GS5')).toEqual({
      id: 'GS5',
      name: 'Green Silo 5',
      occupancy: 5000,
      measured: 4990,
      capacity: 20000,
      current_beans: 'Ethiopia Yirgacheffe',
      percentage: 24.95,
      quality: 'good',
      not_live_since: null,
    });
  });
});

describe('the dump popups', () => {
  it('remind the operators of a waiting dump once', async () => {
    const created = await operator<Dump>('POST', '/api/dump/create', {
      amount: 40,
      bean_id: ethiopia,
    });
    const waiting = (await supervisor<WaitingDump[]>('GET', '/api/dashboard/dump_popup')).body;
    expect(waiting.find((d) => d.id === created.body.id)).toMatchObject({
      lot_number: created.body.lot_number,
      amount: 40,
      status: 'pending',
    });
    expect((await operator('GET', '/api/dashboard/dump_popup')).status).toBe(403);
    expect(
      (await supervisor('POST', '/api/dashboard/dump_popup', { dump_id: created.body.id })).status,
    ).toBe(200);
    const notices = (await supervisor<{ data: Notification[] }>('GET', '/api/notification/all'))
      .body.data;
    expect(notices.some((n) => n.text.includes(`Dump ${created.body.lot_number}`))).toBe(true);
    expect(
      (await supervisor<WaitingDump[]>('GET', '/api/dashboard/dump_popup')).body.map((d) => d.id),
    ).not.toContain(created.body.id);
    expect(
      (await supervisor('POST', '/api/dashboard/dump_popup', { dump_id: created.body.id })).status,
    ).toBe(409);
    expect((await operator('DELETE', `/api/dump/delete/req/${created.body.id}`)).status).toBe(200);
  });

  it('N books what reached the silo and asks for a new dump of the rest, of the same lot', async () => {
    const error = await failedDump('GS2', 300);
    const level = sim().getValue('GS2', 'Occupancy');
    expect(error.moved_amount).toBe(level);
    expect(error.remaining).toBe(Math.round((300 - level) * 100) / 100);
    const answered = await supervisor<Dump>('POST', '/api/dashboard/dump_popup/error', {
      dump_id: error.id,
      type: 'N',
    });
    expect(answered.status).toBe(200);
    expect(answered.body).toMatchObject({ status: 'completed', amount: level });
    expect(await book('GS2')).toBe(level);
    const pending = (await operator<Dump[]>('GET', '/api/dump/pending')).body;
    expect(pending.find((d) => d.lot_number === error.lot_number)).toMatchObject({
      amount: error.remaining,
      device_id: 'GS2',
      status: 'pending',
    });
    expect(
      (
        await supervisor('POST', '/api/dashboard/dump_popup/error', {
          dump_id: error.id,
          type: 'B',
        })
      ).status,
    ).toBe(409);
  });

  it('B books what reached the silo and ends the dump', async () => {
    const error = await failedDump('GS3', 250);
    const answered = await supervisor<Dump>('POST', '/api/dashboard/dump_popup/error', {
      dump_id: error.id,
      type: 'B',
    });
    expect(answered.body).toMatchObject({ status: 'completed', amount: error.moved_amount });
    expect(await book('GS3')).toBe(error.moved_amount);
    expect(await t.services.ledger.invariantViolations()).toEqual([]);
  });

  it('C runs the dumping workflow again and books the whole dump when it finishes', async () => {
    const error = await failedDump('GS4', 200);
    sim().setDumpScaleWeight('DS1', error.remaining);
    const answered = await supervisor<Dump>('POST', '/api/dashboard/dump_popup/error', {
      dump_id: error.id,
      type: 'C',
    });
    expect(answered.body.status).toBe('acknowledged');
    await eventually(
      async () => (await dumpById(error.id))?.status === 'completed',
      'the dump to complete',
      30_000,
    );
    expect(await book('GS4')).toBe(200);
    expect(sim().getValue('GS4', 'Occupancy')).toBe(200);
  });
});
