import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  Role,
  TransferState,
  type Bean,
  type Dump,
  type LotTrace,
  type Notification,
  type Transfer,
} from '@roastery/contract';
import {
  buildTestApp,
  eventually,
  stockBin,
  type ApiCaller,
  type TestApp,
} from '../../../test/helper.ts';

let t: TestApp;
let operator: ApiCaller;
let supervisor: ApiCaller;
let bean: number;

beforeAll(async () => {
  t = await buildTestApp({}, { plant: true });
  operator = t.as(Role.Operator);
  supervisor = t.as(Role.Supervisor);
  bean = (await supervisor<Bean>('POST', '/api/bean', { bean: { bean_name: 'Kenya AA' } })).body.id;
  await eventually(() => t.services.runtime.connected(), 'the PLC connection');
});
afterAll(() => t.close());

const sim = () => t.services.runtime.simulator.running!.model;
const alarms = async () =>
  (await supervisor<{ data: Notification[] }>('GET', '/api/notification/all')).body.data
    .filter((n) => n.type === 'alarm')
    .map((n) => n.text);

/** What started a run, driven the same way for each owner: start it, then read its request. */
interface Owner {
  name: string;
  /** Starts a run for a new request; returns the request's id, run's workflow and lot. */
  start(size: 'small' | 'large'): Promise<{ id: number; workflowId: number; lot: string }>;
  status(id: number): Promise<string | undefined>;
  /** How the request is named in alarms. */
  named(id: number): Promise<string>;
  reason: 'dump' | 'transfer';
  /** Whether the devices the run drove have stopped. */
  idle(): boolean;
}

const dumpOwner: Owner = {
  name: 'a dump',
  reason: 'dump',
  idle: () => sim().getValue('DS1', 'Running') === 0,
  async start(size) {
    const amount = size === 'small' ? 60 : 400;
    const created = await operator<Dump>('POST', '/api/dump/create', {
      amount,
      bean_id: bean,
      type: 'Silo Bin',
      device_id: 'GS5',
    });
    // A large dump has ten times its bags on the scale, so it is still running when stopped.
    sim().setDumpScaleWeight('DS1', size === 'small' ? amount : amount * 10);
    const ack = await operator<Dump>('POST', `/api/dump/request/${created.body.id}`);
    expect(ack.status).toBe(200);
    return { id: created.body.id, workflowId: ack.body.workflow_id!, lot: ack.body.lot_number };
  },
  status: async (id) =>
    (await supervisor<Dump[]>('GET', '/api/dump')).body.find((d) => d.id === id)?.status,
  named: async (id) => {
    const dump = (await supervisor<Dump[]>('GET', '/api/dump')).body.find((d) => d.id === id)!;
    return `Dump ${dump.lot_number} into ${dump.device_name}`;
  },
};

const transferOwner: Owner = {
  name: 'a transfer',
  reason: 'transfer',
  idle: () => sim().getValue('TC1', 'Transfer State') === TransferState.Idle,
  async start(size) {
    const lot = await stockBin(t.services, 'GS6', bean, 2000);
    const created = await supervisor<Transfer>('POST', '/api/transfer', {
      sourceBinId: 'GS6',
      targetBinId: 'GS2',
      targetWeight: size === 'small' ? 35.5 : 1500,
    });
    expect(created.status).toBe(201);
    const ack = await supervisor<Transfer>('GET', `/api/transfer/acknowledge/${created.body.id}`);
    expect(ack.status).toBe(200);
    return { id: created.body.id, workflowId: ack.body.workflow_id!, lot };
  },
  status: async (id) =>
    (await supervisor<Transfer[]>('GET', '/api/transfer')).body.find((x) => x.id === id)?.status,
  named: async (id) => `Transfer ${id} from Green Silo 6 to Green Silo 2`,
};

describe.each([dumpOwner, transferOwner])('run settlement of $name', (owner) => {
  it('books a finished run on the ledger and completes the request', async () => {
    const { id, workflowId, lot } = await owner.start('small');
    // The run names the request it was started for, so its settlement goes straight there.
    expect(t.services.engine.currentRun(workflowId)?.owner).toEqual({ kind: owner.reason, id });
    await eventually(
      async () => (await owner.status(id)) === 'completed',
      'the request to complete',
      30_000,
    );
    const trace = (await supervisor<LotTrace>('GET', `/api/trace/lot/${lot}`)).body;
    expect(trace.movements.at(-1)).toMatchObject({ reason: owner.reason });
    expect(await t.services.ledger.invariantViolations()).toEqual([]);
  });

  it('marks the request failed and raises an alarm naming it when its run is stopped', async () => {
    const { id, workflowId } = await owner.start('large');
    expect((await supervisor('POST', `/api/workflow/${workflowId}/stop`, {})).status).toBe(200);
    await eventually(
      async () => (await owner.status(id)) === 'failed',
      'the request to fail',
      30_000,
    );
    const named = await owner.named(id);
    // The alarm is raised after the request is marked failed, in the next batch of raises.
    const text = `${named} did not finish: its workflow stopped.`;
    await eventually(async () => (await alarms()).includes(text), 'the alarm', 30_000);
    expect(await alarms()).toContain(text);
    expect((await supervisor('POST', `/api/workflow/${workflowId}/clear-reset`, {})).status).toBe(
      200,
    );
    await eventually(() => owner.idle(), 'the plant to stop');
    sim().setDumpScaleWeight('DS1', 0);
    expect(await t.services.ledger.invariantViolations()).toEqual([]);
  });
});
