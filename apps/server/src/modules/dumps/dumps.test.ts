import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  DemoBinary,
  DemoInput,
  Role,
  SettingRef,
  dumpMessages,
  greenLotMessages,
  type Bean,
  type Dump,
  type RecallMatch,
  type LotTrace,
  type RunningWorkflowState,
  type SiloContents,
  type Workflow,
} from '@roastery/contract';
import {
  buildTestApp,
  entriesBookedBy,
  eventually,
  refuseCompletion,
  type ApiCaller,
  type TestApp,
} from '../../../test/helper.ts';
import { insertWorkflow } from '../../../test/order-fixtures.ts';

let t: TestApp;
let operator: ApiCaller;
let admin: ApiCaller;
let colombia: number;
let organic: number;

beforeAll(async () => {
  t = await buildTestApp({}, { plant: true });
  operator = t.as(Role.Operator);
  admin = t.as(Role.Administrator);
  colombia = (await admin<Bean>('POST', '/api/bean', { bean: { bean_name: 'Colombia Supremo' } }))
    .body.id;
  organic = (
    await admin<Bean>('POST', '/api/bean', {
      bean: { bean_name: 'Peru Organic', segregation: 'organic' },
    })
  ).body.id;
  await eventually(() => t.services.runtime.connected(), 'the PLC connection');
});
afterAll(() => t.close());

const silo = async (code: string) =>
  (await admin<SiloContents[]>('GET', '/api/product/silo')).body.find((s) => s.device_id === code);

describe('dump requests', () => {
  it('validate with the spec messages and refuse a dump to a roaster', async () => {
    const empty = await operator('POST', '/api/dump/create', {});
    expect(empty.status).toBe(400);
    expect(empty.body.message).toContain(dumpMessages.amount);
    expect(empty.body.message).toContain(dumpMessages.bean);
    const roaster = await operator('POST', '/api/dump/create', {
      amount: 100,
      bean_id: colombia,
      type: 'Roaster',
      device_id: 'R1',
    });
    expect(roaster.status).toBe(422);
    expect(roaster.body.message).toBe(dumpMessages.roaster);
  });

  it('in manual dump mode need the device type and device', async () => {
    await admin('POST', '/api/admin/settings', { ref_id: SettingRef.DumpMode, value: 'manual' });
    try {
      const res = await operator('POST', '/api/dump/create', { amount: 100, bean_id: colombia });
      expect(res.status).toBe(422);
      expect(res.body.message).toBe(dumpMessages.type);
      const ok = await operator<Dump>('POST', '/api/dump/create', {
        amount: 100,
        bean_id: colombia,
        type: 'Silo Bin',
        device_id: 'GS3',
      });
      expect(ok.body).toMatchObject({ device_id: 'GS3', status: 'pending', acknowledged: false });
      expect((await operator('DELETE', `/api/dump/delete/req/${ok.body.id}`)).status).toBe(200);
      // The request's own lot goes with it: nothing was ever booked on it.
      expect(await t.services.ledger.lotExists(ok.body.lot_number)).toBe(false);
    } finally {
      await admin('POST', '/api/admin/settings', { ref_id: SettingRef.DumpMode, value: 'auto' });
    }
  });

  it('go from pending to completed through the dumping workflow, and the silo fills on the ledger', async () => {
    const created = await operator<Dump>('POST', '/api/dump/create', {
      amount: 150,
      bean_id: colombia,
    });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ device_id: 'GS1', amount: 150, status: 'pending' });
    expect(created.body.lot_number).toMatch(/^DMP-\d{14}(-\d+)?$/);
    expect((await operator<Dump[]>('GET', '/api/dump/pending')).body.map((d) => d.id)).toContain(
      created.body.id,
    );

    // The operator tips the bags onto the station's scale, then acknowledges.
    t.services.runtime.simulator.running!.model.setDumpScaleWeight('DS1', 150);
    const ack = await operator<Dump>('POST', `/api/dump/request/${created.body.id}`);
    expect(ack.status).toBe(200);
    expect(ack.body).toMatchObject({ status: 'acknowledged', acknowledged: true });
    const done = await eventually(
      async () => {
        const d = (await operator<Dump[]>('GET', '/api/dump?status=finished')).body.find(
          (x) => x.id === created.body.id,
        );
        return d?.status === 'completed' ? d : undefined;
      },
      'the dump to complete',
      30_000,
    );
    expect(done.completed_at).not.toBeNull();
    expect(await silo('GS1')).toMatchObject({
      occupancy: 150,
      lots: [{ lot_number: created.body.lot_number, lbs: 150 }],
    });
    expect(await t.services.ledger.invariantViolations()).toEqual([]);
    const status = (
      await operator<(RunningWorkflowState & { name: string })[]>(
        'GET',
        '/api/dump/workflows/status',
      )
    ).body;
    expect(status.find((s) => s.name === 'Dump DS1 into Green Silo 1')?.state).toBe('finished');
    expect((await operator('POST', `/api/dump/request/${created.body.id}`)).status).toBe(409);
  });

  it('put a second dump of the same bean into the same silo, and another bean elsewhere', async () => {
    const same = await operator<Dump>('POST', '/api/dump/create', {
      amount: 50,
      bean_id: colombia,
    });
    expect(same.body.device_id).toBe('GS1');
    const other = await operator<Dump>('POST', '/api/dump/create', {
      amount: 50,
      bean_id: organic,
    });
    expect(other.body.device_id).toBe('GS2');
    const targets = await operator<{ device_id: string; fits: boolean; reason: string | null }[]>(
      'POST',
      '/api/dump/silo/dumps',
      {
        bean_id: organic,
        amount: 50,
      },
    );
    expect(targets.body.find((x) => x.device_id === 'GS1')).toMatchObject({
      fits: false,
      reason: 'Green Silo 1 holds other beans',
    });
    await operator('DELETE', `/api/dump/delete/req/${same.body.id}`);
    await operator('DELETE', `/api/dump/delete/req/${other.body.id}`);
  });

  it('on the simulated plant, have the crew tip the bags when acknowledged, so level and book agree', async () => {
    const model = t.services.runtime.simulator.running!.model;
    expect(model.getValue('DS1', 'Scale Weight')).toBe(0);
    const created = await operator<Dump>('POST', '/api/dump/create', {
      amount: 60,
      bean_id: organic,
      type: 'Silo Bin',
      device_id: 'GS6',
    });
    await operator('POST', `/api/dump/request/${created.body.id}`);
    await eventually(
      async () =>
        (await operator<Dump[]>('GET', '/api/dump?status=finished')).body.some(
          (d) => d.id === created.body.id && d.status === 'completed',
        ),
      'the dump to complete',
      30_000,
    );
    expect(model.getValue('GS6', 'Occupancy')).toBe(60);
    expect((await silo('GS6'))?.occupancy).toBe(60);
    expect(model.getValue('DS1', 'Scale Weight')).toBe(0);
  });

  it('go through Dump Station 2 while a run holds Dump Station 1', async () => {
    const model = t.services.runtime.simulator.running!.model;
    // A run that drives DS1 and waits for weight no one will tip onto its scale.
    const hold = await insertWorkflow(t.database.db, 'Hold Dump Station 1', 'moving', [
      {
        device: 'DS1',
        binary: DemoBinary.Start,
        value: 0,
        waits: [
          {
            device_id: 'DS1',
            type: 'input',
            command_id: DemoInput.ScaleWeight,
            condition: '>=',
            command_value: 10_000,
          },
        ],
      },
    ]);
    expect((await admin('POST', '/api/workflow/start', { work_flow_id: hold })).status).toBe(200);
    try {
      const guatemala = (
        await admin<Bean>('POST', '/api/bean', { bean: { bean_name: 'Guatemala Antigua' } })
      ).body.id;
      const created = await operator<Dump>('POST', '/api/dump/create', {
        amount: 70,
        bean_id: guatemala,
        type: 'Silo Bin',
        device_id: 'GS4',
      });
      const ack = await operator<Dump>('POST', `/api/dump/request/${created.body.id}`);
      expect(ack.status).toBe(200);
      const viaDs2 = (await t.services.workflows.list('dumping')).find(
        (w) => w.name === 'Dump DS2 into Green Silo 4',
      );
      expect(ack.body.workflow_id).toBe(viaDs2?.id);
      await eventually(
        async () =>
          (await operator<Dump[]>('GET', '/api/dump?status=finished')).body.some(
            (d) => d.id === created.body.id && d.status === 'completed',
          ),
        'the dump to complete',
        30_000,
      );
      expect(model.getValue('GS4', 'Occupancy')).toBe(70);
      expect((await silo('GS4'))?.occupancy).toBe(70);
      expect(model.getValue('DS2', 'Scale Weight')).toBe(0);
      expect(await t.services.ledger.invariantViolations()).toEqual([]);
    } finally {
      await admin('POST', `/api/workflow/${hold}/stop`, {});
    }
  });

  it('book nothing when the completion cannot be stored: booking and completion commit together', async () => {
    const kenya = (await admin<Bean>('POST', '/api/bean', { bean: { bean_name: 'Kenya AA' } })).body
      .id;
    const created = await operator<Dump>('POST', '/api/dump/create', {
      amount: 40,
      bean_id: kenya,
      type: 'Silo Bin',
      device_id: 'GS5',
    });
    expect(created.status).toBe(201);
    const id = created.body.id;
    // What a crash between the two writes would leave, made certain: the completion fails.
    const allowCompletion = await refuseCompletion(t.database, 'dumps', id);
    try {
      expect((await operator('POST', `/api/dump/request/${id}`)).status).toBe(200);
      const ended = await eventually(
        async () => {
          const d = (await operator<Dump[]>('GET', '/api/dump?status=all')).body.find(
            (x) => x.id === id,
          );
          return d?.status === 'failed' || d?.status === 'completed' ? d : undefined;
        },
        'the dump to be settled',
        30_000,
      );
      // The run finished; its booking was refused with the completion, and nothing else booked.
      expect({ status: ended.status, error: ended.error }).toEqual({
        status: 'failed',
        error: 'the completion could not be stored',
      });
      expect(await entriesBookedBy(t.database, 'dump', id)).toBe(0);
      expect((await silo('GS5'))?.occupancy).toBe(0);
      expect(await t.services.ledger.invariantViolations()).toEqual([]);
    } finally {
      await allowCompletion();
    }
  });

  it('close from the popup, and refuse deleting a request that is not pending', async () => {
    const d = await operator<Dump>('POST', '/api/dump/create', { amount: 10, bean_id: colombia });
    const closed = await operator<Dump>('POST', `/api/dump/close/${d.body.id}`);
    expect(closed.body.status).toBe('closed');
    const del = await operator('DELETE', `/api/dump/delete/req/${d.body.id}`);
    expect(del.status).toBe(409);
  });

  it('start the workflows bound to the dump acknowledged event', async () => {
    const bound = (
      await admin<Workflow>('POST', '/api/diagram/create', {
        name: 'After every dump',
        type: 'moving',
      })
    ).body;
    await admin('POST', '/api/diagram/rules', {
      workflow_id: bound.id,
      device_id: 'WB1',
      type: 'binary',
      command_id: 1,
      command_value: 0,
    });
    const trigger = await admin('POST', '/api/workflow/triggers', {
      workflow_id: bound.id,
      parent_id: null,
      when: 'dump_acknowledged',
    });
    expect(trigger.status).toBe(200);
    const d = await operator<Dump>('POST', '/api/dump/create', { amount: 20, bean_id: colombia });
    t.services.runtime.simulator.running!.model.setDumpScaleWeight('DS1', 20);
    await operator('POST', `/api/dump/request/${d.body.id}`);
    await eventually(async () => {
      const s = (await admin<RunningWorkflowState>('GET', `/api/workflow/${bound.id}/status`)).body;
      return s.run_id !== null;
    }, 'the bound workflow to start');
  });
});

describe("a green lot's moisture and density", () => {
  it('are kept with the lot the dump receives, and shown with the dump and its trace', async () => {
    const created = await operator<Dump>('POST', '/api/dump/create', {
      lot_number: 'WET-LOT-1',
      amount: 100,
      bean_id: colombia,
      moisture_pct: 12.5,
      density_g_per_l: 720,
    });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ moisture_pct: 12.5, density_g_per_l: 720 });
    const supplied = await operator<Dump>('POST', '/api/dump/create', {
      lot_number: 'SUPPLIED-LOT-1',
      amount: 10,
      bean_id: colombia,
      supplier: ' Finca Alta ',
      supplier_lot: 'FA-77',
    });
    // Trimmed; a recall can start from the supplier's lot code.
    expect(supplied.body).toMatchObject({ supplier: 'Finca Alta', supplier_lot: 'FA-77' });
    const found = await admin<RecallMatch[]>('GET', '/api/recall/search?q=fa-77');
    expect(found.body).toContainEqual(
      expect.objectContaining({ kind: 'supplier_lot', key: 'FA-77', label: 'FA-77' }),
    );
    const trace = await admin<LotTrace>('GET', '/api/trace/lot/WET-LOT-1');
    expect(trace.body).toMatchObject({ kind: 'green', moisture_pct: 12.5, density_g_per_l: 720 });
    // Without them the lot's are not known.
    const plain = await operator<Dump>('POST', '/api/dump/create', {
      amount: 10,
      bean_id: colombia,
    });
    expect(plain.body).toMatchObject({ moisture_pct: null, density_g_per_l: null });
    expect(plain.body).toMatchObject({ supplier: null, supplier_lot: null });
    for (const id of [created.body.id, plain.body.id, supplied.body.id]) {
      expect((await operator('DELETE', `/api/dump/delete/req/${id}`)).status).toBe(200);
    }
  });

  it('out of range are refused with 400 and the rule, and nothing is created', async () => {
    const before = (await operator<Dump[]>('GET', '/api/dump')).body.length;
    const refused: [object, string][] = [
      [{ moisture_pct: 5.9 }, greenLotMessages.moisture],
      [{ moisture_pct: 16.1 }, greenLotMessages.moisture],
      [{ moisture_pct: 10.55 }, greenLotMessages.moisture],
      [{ density_g_per_l: 549 }, greenLotMessages.density],
      [{ density_g_per_l: 801 }, greenLotMessages.density],
      [{ density_g_per_l: 700.5 }, greenLotMessages.density],
    ];
    for (const [values, message] of refused) {
      const res = await operator('POST', '/api/dump/create', {
        lot_number: 'BAD-LOT-1',
        amount: 100,
        bean_id: colombia,
        ...values,
      });
      expect(res.status, JSON.stringify(values)).toBe(400);
      expect(res.body.message).toBe(message);
    }
    expect((await operator<Dump[]>('GET', '/api/dump')).body).toHaveLength(before);
    expect(await t.services.ledger.lotExists('BAD-LOT-1')).toBe(false);
  });
});
