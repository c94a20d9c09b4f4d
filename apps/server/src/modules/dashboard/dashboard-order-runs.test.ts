import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  OrderStatus,
  Role,
  type DashboardOverview,
  type SystemStatus,
  type WorkflowNode,
} from '@roastery/contract';
import {
  buildTestApp,
  eventually,
  stockBin,
  type ApiCaller,
  type TestApp,
} from '../../../test/helper.ts';
import {
  newBean,
  newOrder,
  newProduct,
  orderState,
  quickRoastWorkflow,
} from '../../../test/order-fixtures.ts';

let t: TestApp;
let supervisor: ApiCaller;

beforeAll(async () => {
  t = await buildTestApp({}, { plant: true });
  supervisor = t.as(Role.Supervisor);
  await eventually(() => t.services.runtime.connected(), 'the PLC connection');
});
afterAll(() => t.close());

const node = (id: string, y: number): WorkflowNode => ({
  id,
  type: 'default',
  data: {
    label: id,
    class: 'lg',
    targetCount: 1,
    sourceCount: 1,
    targetPosition: 'top',
    sourcePosition: 'bottom',
  },
  position: { x: 0, y },
});

describe('the dashboard of a roasting order run by the order runner', () => {
  it('shows the order, its batch and its roaster while it runs, and nothing once it is Finished', async () => {
    const workflowId = await quickRoastWorkflow(t.database.db, 'R1', 'WRB1', 'Quick roast on R1');
    await t.services.workflows.saveDiagram(
      workflowId,
      [node('GS1', 0), node('R1', 150), node('WRB1', 300)],
      [
        { source: 'GS1', target: 'R1' },
        { source: 'R1', target: 'WRB1' },
      ],
      undefined,
      'Test setup',
    );
    const bean = await newBean(supervisor, 'Kenya AA');
    const product = await newProduct(
      supervisor,
      'Kenya Light',
      [{ bean_id: bean, ratio: 100 }],
      50,
    );
    await stockBin(t.services, 'GS1', bean, 300);
    await eventually(
      () => t.services.runtime.reading('GS1', 'occupancy') === 300,
      'GS1 to read 300 lbs',
    );
    const orderId = await newOrder(t.database.db, {
      kind: 'roasting',
      productId: product,
      lbs: 100,
      batchLbs: 50,
      workflowId,
      roaster: 'R1',
      destination: 'WRB1',
    });
    const started = await supervisor('PUT', '/api/orders/start', { order_id: orderId });
    expect(started.status).toBe(200);

    const order = await eventually(async () => {
      const { body } = await supervisor<DashboardOverview>('GET', '/api/dashboard/v2');
      const shown = body.orders.find((o) => o.order_id === orderId);
      return shown?.batch === 1 ? shown : undefined;
    }, 'the first batch on the dashboard');
    expect(order).toMatchObject({
      kind: 'roasting',
      product_name: 'Kenya Light',
      status: OrderStatus.Processing,
      total_split: 2,
      reaming_batch: 1,
    });
    expect(order.flow?.workflow_name).toBe('Quick roast on R1');
    expect(order.flow?.devices.map((d) => d.device_id)).toEqual(['GS1', 'R1', 'WRB1']);

    const status = await eventually(async () => {
      const { body } = await supervisor<SystemStatus>('GET', '/api/dashboard/system_status');
      const roaster = body.roasters.find((r) => r.device_id === 'R1');
      return roaster?.order_id === orderId ? body : undefined;
    }, 'R1 to run the order');
    expect(status.roasters.find((r) => r.device_id === 'R1')).toMatchObject({
      active: true,
      batch: 1,
      total_split: 2,
    });
    const shown = status.orders.find((o) => o.order_id === orderId);
    // The batch under way is not pending, and still remains: the cards count it.
    expect(shown).toMatchObject({ batch: 1, reaming_batch: 1, total_split: 2 });
    expect(shown?.timeline.map((e) => e.message)[0]).toMatch(/^Workflow started/);

    await eventually(
      async () => (await orderState(t.database.db, orderId)).status === OrderStatus.Finished,
      'the order to finish',
      60_000,
    );
    const after = await eventually(async () => {
      const { body } = await supervisor<DashboardOverview>('GET', '/api/dashboard/v2');
      return body.orders.some((o) => o.order_id === orderId) ? undefined : body;
    }, 'the finished order to leave the dashboard');
    expect(after.stages.find((s) => s.name === 'Roasting')?.active).toBe(false);
  }, 120_000);
});
