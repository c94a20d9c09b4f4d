/**
 * Orders under way for the dashboard's tests, end-to-end tests and benchmark: a workflow whose
 * run waits on a silo, and orders written as the order services leave them.
 */
import { inArray } from 'drizzle-orm';
import {
  DemoBinary as B,
  DemoInput as I,
  OrderStatus,
  Role,
  createStepBody,
  type RunningWorkflowState,
  type WorkflowNode,
} from '@roastery/contract';
import { orderBatches, orders } from '@roastery/db';
import { eventually, type TestApp } from './helper.ts';
import { newBean, newProduct } from './order-fixtures.ts';

/** What the fixtures need of a test app (the e2e and bench servers are test apps too). */
type App = Pick<TestApp, 'services' | 'database' | 'as'>;

/** A one-bean product of 250 lb batches. */
export async function createProduct(app: App, name: string, beanName: string): Promise<number> {
  const admin = app.as(Role.Administrator);
  return newProduct(admin, name, [{ bean_id: await newBean(admin, beanName), ratio: 100 }], 250);
}

const node = (id: string, label: string, y: number): WorkflowNode => ({
  id,
  type: 'default',
  data: {
    label,
    class: 'lg',
    targetCount: 1,
    sourceCount: 1,
    targetPosition: 'top',
    sourcePosition: 'bottom',
  },
  position: { x: 0, y },
});

/** The condition the waiting workflow's step waits on: more than GS1 will ever hold. */
export const UNREACHABLE_WAIT = 'GS1 Occupancy >= 99999';

/**
 * A roasting workflow, drawn GS1 -> R1 -> WRB1 unless `drawn` is false, whose one step turns
 * R1's drum on and then waits until GS1 holds 99,999 lbs: a run of it stays waiting on GS1.
 */
export async function waitingWorkflow(app: App, name: string, drawn = true): Promise<number> {
  const created = await app.services.workflows.create(name, 'roasting', 'Test setup');
  if (drawn) {
    await app.services.workflows.saveDiagram(
      created.id,
      [
        node('GS1', 'Green Silo 1', 0),
        node('R1', 'Roaster 1', 160),
        node('WRB1', 'WRB Bin 1', 320),
      ],
      [
        { id: 'GS1:s-1->R1:t-1', source: 'GS1', target: 'R1' },
        { id: 'R1:s-1->WRB1:t-1', source: 'R1', target: 'WRB1' },
      ],
      undefined,
      'Test setup',
    );
  }
  await app.services.workflows.createStep(
    createStepBody.parse({
      workflow_id: created.id,
      device_id: 'R1',
      type: 'binary',
      command_id: B.Drum,
      command_value: 1,
      wait_device: [
        {
          device_id: 'GS1',
          type: 'input',
          command_id: I.Occupancy,
          condition: '>=',
          command_value: 99_999,
        },
      ],
    }),
    'Test setup',
  );
  return created.id;
}

/** Starts the workflow as a supervisor and waits until its run waits on GS1; the run's id. */
export async function startWaitingRun(app: App, workflowId: number): Promise<string> {
  const started = await app.as(Role.Supervisor)<RunningWorkflowState>(
    'POST',
    '/api/workflow/start',
    { work_flow_id: workflowId },
  );
  const runId = started.body.run_id;
  if (started.status !== 200 || !runId) {
    throw new Error(`Starting the workflow answered ${started.status}`);
  }
  await eventually(
    () => app.services.engine.waiting().some((w) => w.run_id === runId),
    'the run to wait on GS1',
  );
  return runId;
}

export interface OrderFixture {
  productId: number;
  workflowId: number;
  /** Not Started (pending) or Processing, the first batch then running in `runId`. */
  status: typeof OrderStatus.NotStarted | typeof OrderStatus.Processing;
  runId?: string | null;
  customer?: string;
  name?: string;
  orderDate?: Date;
  fulfillmentDate?: Date;
}

/**
 * A roasting order of three 250 lb batches on R1 into WRB1, written as the order screens and
 * the batch runner leave it and announced on the hub as they announce it; returns its id.
 */
export async function insertOrder(app: App, fixture: OrderFixture): Promise<number> {
  const [r1, wrb1] = [
    (await app.services.devices.summary('R1')).d_id,
    (await app.services.devices.summary('WRB1')).d_id,
  ];
  const processing = fixture.status === OrderStatus.Processing;
  const product = (await app.services.products.list()).find(
    (p) => p.product_id === fixture.productId,
  );
  // A running batch charges from the silo its plan chose: GS1, where the workflow is drawn from.
  const draws = (product?.product_recipes ?? []).map((line) => ({
    device_id: 'GS1',
    bean_id: line.bean_id,
    planned_centi: 25_000,
    measured_centi: null,
    level_before_centi: 0,
  }));
  const [order] = await app.database.db
    .insert(orders)
    .values({
      kind: 'roasting',
      name: fixture.name ?? '',
      customer: fixture.customer ?? '',
      productId: fixture.productId,
      qtyCenti: 75_000,
      batchCenti: 25_000,
      workflowId: fixture.workflowId,
      roasterDevice: r1,
      destinationDevice: wrb1,
      status: fixture.status,
      orderDate: fixture.orderDate ?? new Date(),
      fulfillmentDate: fixture.fulfillmentDate ?? null,
      startedAt: processing ? new Date() : null,
    })
    .returning({ id: orders.id });
  if (!order) throw new Error('the order was not inserted');
  await app.database.db.insert(orderBatches).values(
    [1, 2, 3].map((seq) => ({
      orderId: order.id,
      seq,
      plannedCenti: 25_000,
      workflowId: fixture.workflowId,
      roasterDevice: r1,
      destinationDevice: wrb1,
      status: processing && seq === 1 ? ('running' as const) : ('pending' as const),
      runId: processing && seq === 1 ? (fixture.runId ?? null) : null,
      draws: processing && seq === 1 ? draws : [],
    })),
  );
  app.services.hub.publish({ type: 'order', id: order.id, change: 'saved' });
  return order.id;
}

/** Ends every order under way, so a test starts from a quiet plant whatever ran before it. */
export async function finishOrdersUnderWay(app: App): Promise<void> {
  const finished = await app.database.db
    .update(orders)
    .set({ status: OrderStatus.Finished, finishedAt: new Date() })
    .where(inArray(orders.status, [OrderStatus.Processing, OrderStatus.Paused]))
    .returning({ id: orders.id });
  for (const { id } of finished) app.services.hub.publish({ type: 'order', id, change: 'status' });
}
