import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  DemoInput,
  OrderStatus,
  Role,
  type DashboardOverview,
  type SystemStatus,
  type WaitingDevice,
} from '@roastery/contract';
import { orders } from '@roastery/db';
import { buildTestApp, eventually, type ApiCaller, type TestApp } from '../../../test/helper.ts';
import {
  UNREACHABLE_WAIT,
  createProduct,
  insertOrder,
  startWaitingRun,
  waitingWorkflow,
} from '../../../test/dashboard-fixtures.ts';

let t: TestApp;
let supervisor: ApiCaller;
let admin: ApiCaller;
let operator: ApiCaller;
let productId: number;

beforeAll(async () => {
  t = await buildTestApp({}, { plant: true });
  supervisor = t.as(Role.Supervisor);
  admin = t.as(Role.Administrator);
  operator = t.as(Role.Operator);
  await eventually(() => t.services.runtime.connected(), 'the PLC connection');
  productId = await createProduct(t, 'House Espresso', 'Brazil Santos');
});
afterAll(() => t.close());

describe('the plant dashboard with nothing under way', () => {
  it('shows every stage inactive, no orders, the silos and no waiting devices', async () => {
    const reply = await supervisor<DashboardOverview>('GET', '/api/dashboard/v2');
    expect(reply.status).toBe(200);
    expect(reply.body.stages.map((s) => [s.stage, s.name, s.active])).toEqual([
      [1, 'Green', false],
      [2, 'Roasting', false],
      [3, 'Roasted', false],
      [4, 'Packing', false],
    ]);
    expect(reply.body.stages.find((s) => s.name === 'Roasting')?.devices).toBe(2);
    expect(reply.body.orders).toEqual([]);
    expect(reply.body.waiting_devices).toBe(0);
    expect(reply.body.silos.map((s) => s.id)).not.toContain('vbin');
    expect(reply.body.silos.map((s) => s.id)).toContain('GS1');
    expect((await supervisor('GET', '/api/flow/waiting/devices')).body).toEqual([]);
  });

  it('is for administrators and supervisors only', async () => {
    for (const url of [
      '/api/dashboard/v2',
      '/api/dashboard/system_status',
      '/api/flow/waiting/devices',
    ]) {
      expect((await operator('GET', url)).status, url).toBe(403);
      expect((await admin('GET', url)).status, url).toBe(200);
    }
  });
});

describe('an order under way', () => {
  let workflowId: number;
  let orderId: number;
  let runId: string;

  beforeAll(async () => {
    workflowId = await waitingWorkflow(t, 'Roast on R1');
    runId = await startWaitingRun(t, workflowId);
    orderId = await insertOrder(t, {
      productId,
      workflowId,
      status: OrderStatus.Processing,
      runId,
      name: 'Morning espresso',
      customer: 'Blue Door Cafe',
      orderDate: new Date('2026-03-02T08:00:00Z'),
      fulfillmentDate: new Date('2026-03-09T00:00:00Z'),
    });
  });
  afterAll(async () => {
    await supervisor('POST', `/api/workflow/${workflowId}/stop`, {});
  });

  it('draws the order flow with each device state, and marks the stages it drives active', async () => {
    const { body } = await supervisor<DashboardOverview>('GET', '/api/dashboard/v2');
    expect(body.orders).toHaveLength(1);
    const [order] = body.orders;
    expect(order).toMatchObject({
      order_id: orderId,
      kind: 'roasting',
      order_name: 'Morning espresso',
      order_customer: 'Blue Door Cafe',
      product_name: 'House Espresso',
      status: OrderStatus.Processing,
      ord_tig: 0,
      total_split: 3,
      reaming_batch: 2,
      batch: 1,
    });
    expect(order!.flow).toMatchObject({ workflow_id: workflowId, workflow_name: 'Roast on R1' });
    expect(order!.flow!.nodes.map((n) => n.id)).toEqual(['GS1', 'R1', 'WRB1']);
    expect(order!.flow!.edges.map((e) => [e.source, e.target])).toEqual([
      ['GS1', 'R1'],
      ['R1', 'WRB1'],
    ]);
    expect(order!.flow!.devices.map((d) => [d.device_id, d.device_name, d.state])).toEqual([
      ['GS1', 'Green Silo 1', 'waiting'],
      ['R1', 'Roaster 1', 'running'],
      ['WRB1', 'WRB Bin 1', 'idle'],
    ]);
    expect(order!.flow!.devices[1]).toMatchObject({ device_type_name: 'Roaster' });
    // The running batch charges from GS1, on R1, into WRB1: the way the diagram is drawn.
    expect(order!.route).toEqual({
      silos_from: 'batches',
      silos: [{ device_id: 'GS1', device_name: 'Green Silo 1' }],
      roaster: { device_id: 'R1', device_name: 'Roaster 1' },
      destination: { device_id: 'WRB1', device_name: 'WRB Bin 1' },
    });
    expect(body.stages.map((s) => [s.name, s.active, s.running])).toEqual([
      ['Green', false, []],
      ['Roasting', true, ['R1']],
      ['Roasted', false, []],
      ['Packing', false, []],
    ]);
    expect(body.waiting_devices).toBe(1);
  });

  it('lists the device the run waits on, the condition, the order and since when', async () => {
    const { body } = await supervisor<WaitingDevice[]>('GET', '/api/flow/waiting/devices');
    expect(body).toEqual([
      {
        device_id: 'GS1',
        device_name: 'Green Silo 1',
        run_id: runId,
        workflow_id: workflowId,
        workflow_name: 'Roast on R1',
        step: 1,
        kind: 'wait_device',
        condition: UNREACHABLE_WAIT,
        current: t.services.runtime.reading('GS1', 'occupancy'),
        quality: 'good',
        not_live_since: null,
        since: expect.any(String),
        order_id: orderId,
      },
    ]);
    const run = t.services.engine.currentRun(workflowId)!;
    expect(Date.parse(body[0]!.since)).toBeGreaterThanOrEqual(Date.parse(run.started_at));
  });

  it('reports the order with its batch timeline, and the roaster running it', async () => {
    const { status, body } = await supervisor<SystemStatus>('GET', '/api/dashboard/system_status');
    expect(status).toBe(200);
    expect(body.orders).toHaveLength(1);
    const [order] = body.orders;
    expect(order).toMatchObject({
      order_id: orderId,
      order_qty: 750,
      split_qty: 500,
      split_amt: 250,
      total_split: 3,
      reaming_batch: 2,
      rule_id: workflowId,
      rule_name: 'Roast on R1',
      roast_device: 'R1',
      roast_device_name: 'Roaster 1',
      destination_device: 'WRB1',
      destination_device_name: 'WRB Bin 1',
      product_name: 'House Espresso',
      ord_tig: 0,
      order_date: '2026-03-02T08:00:00.000Z',
      fulfillment_date: '2026-03-09T00:00:00.000Z',
    });
    expect(order!.product.product_recipes).toEqual([
      { bean_id: expect.any(Number), bean_name: 'Brazil Santos', ratio: 100 },
    ]);
    expect(order!.timeline.map((e) => e.message)).toContain(
      `Step 1 (R1 Drum): waiting until ${UNREACHABLE_WAIT}.`,
    );
    expect(body.roasters).toEqual([
      {
        device_id: 'R1',
        device_name: 'Roaster 1',
        active: true,
        order_id: orderId,
        batch: 1,
        total_split: 3,
        phase: 'Idle',
        temperature: t.services.runtime.reading('R1', 'bean-temperature'),
        temperature_tag: `R1/input/${DemoInput.BeanTemperature}`,
        roast_time_s: null,
        quality: 'good',
        not_live_since: null,
      },
      {
        device_id: 'R2',
        device_name: 'Roaster 2',
        active: false,
        order_id: null,
        batch: null,
        total_split: null,
        phase: 'Idle',
        temperature: t.services.runtime.reading('R2', 'bean-temperature'),
        temperature_tag: `R2/input/${DemoInput.BeanTemperature}`,
        roast_time_s: null,
        quality: 'good',
        not_live_since: null,
      },
    ]);
    // The bean probe's °F, as the PLC scaled it (the simulator starts at ambient).
    expect(body.roasters[0]?.temperature).toEqual(expect.any(Number));
    expect(body.inActive).toEqual([]);
  });

  it('names a device switched to manual mode as inactive', async () => {
    const sim = t.services.runtime.simulator.running!.model;
    sim.setValue('PK2', 'Manual Mode', 1);
    try {
      const inactive = await eventually(async () => {
        const { body } = await supervisor<SystemStatus>('GET', '/api/dashboard/system_status');
        return body.inActive.length > 0 ? body.inActive : undefined;
      }, 'PK2 to report manual mode');
      expect(inactive).toEqual([{ device_id: 'PK2', device_name: 'Packer 2' }]);
    } finally {
      sim.setValue('PK2', 'Manual Mode', 0);
    }
  });
});

describe('a packing order without a workflow diagram', () => {
  it('is listed with no flow to draw', async () => {
    const [packing] = await t.database.db
      .insert(orders)
      .values({
        kind: 'packing',
        productId,
        status: OrderStatus.PackingProcessing,
        orderDate: new Date('2026-03-03T08:00:00Z'),
        startedAt: new Date('2026-03-03T09:00:00Z'),
      })
      .returning({ id: orders.id });
    const { body } = await supervisor<DashboardOverview>('GET', '/api/dashboard/v2');
    expect(body.orders.find((o) => o.order_id === packing!.id)).toEqual({
      order_id: packing!.id,
      kind: 'packing',
      order_name: '',
      order_customer: '',
      product_name: 'House Espresso',
      status: OrderStatus.PackingProcessing,
      ord_tig: 0,
      total_split: 0,
      reaming_batch: 0,
      batch: null,
      flow: null,
      route: null,
    });
    const status = (await supervisor<SystemStatus>('GET', '/api/dashboard/system_status')).body;
    expect(status.orders.map((o) => o.order_id)).not.toContain(packing!.id);
  });
});
