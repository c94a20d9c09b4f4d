import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  DemoBinary,
  DemoDeviceType,
  Role,
  type AdminReport,
  type Bean,
  type DeviceStatusDto,
  type LogEvent,
  type Product,
  type User,
  type Workflow,
} from '@roastery/contract';
import { buildTestApp, testUsers, type ApiCaller, type TestApp } from '../../../test/helper.ts';

let t: TestApp;
let admin: ApiCaller;
let supervisor: ApiCaller;
const adminName = testUsers[Role.Administrator].full_name;
const supervisorName = testUsers[Role.Supervisor].full_name;

beforeAll(async () => {
  t = await buildTestApp({}, { plant: true });
  admin = t.as(Role.Administrator);
  supervisor = t.as(Role.Supervisor);
});
afterAll(() => t.close());

/** The configuration changes whose target starts with this text, newest first: text and who. */
async function logged(target: string): Promise<[string, string | null][]> {
  await t.services.eventRecorder.settled();
  const { status, body } = await admin<{ data: LogEvent[] }>('POST', '/api/event', {
    where: { kind: 'config', search: `'${target}` },
    limit: 100,
  });
  expect(status).toBe(200);
  return body.data.map((e) => [e.event_description, e.user]);
}

/** Sends a change and checks it was accepted, so a refused change cannot pass for a logged one. */
async function change<T>(
  caller: ApiCaller,
  method: Parameters<ApiCaller>[0],
  url: string,
  payload?: object,
): Promise<T> {
  const res = await caller<T>(method, url, payload);
  expect(res.status, `${method} ${url}: ${JSON.stringify(res.body)}`).toBeLessThan(300);
  return res.body;
}

describe('the events log records configuration changes with who made them', () => {
  it('workflows: created, diagram, settings, steps, triggers, products, deleted', async () => {
    const flow = await change<Workflow>(admin, 'POST', '/api/diagram/create', {
      name: 'Logged roast',
      type: 'roasting',
    });
    await change(admin, 'POST', '/api/diagram/c/update', { id: flow.id, nodes: [], edges: [] });
    await change(admin, 'PUT', `/api/workflow/${flow.id}/settings`, {
      type: 'wait_timeout_s',
      value: 90,
    });
    await change(admin, 'POST', '/api/workflow/triggers', {
      workflow_id: flow.id,
      when: 'batch_finished',
      parent_id: null,
    });
    await change(admin, 'DELETE', `/api/diagram/${flow.id}`);
    expect(await logged('Logged roast')).toEqual([
      ["Workflow 'Logged roast': deleted", adminName],
      ["Workflow 'Logged roast': trigger added (batch_finished)", adminName],
      ["Workflow 'Logged roast': wait_timeout_s set to 90", adminName],
      ["Workflow 'Logged roast': diagram saved", adminName],
      ["Workflow 'Logged roast': created (roasting)", adminName],
    ]);
  });

  it('users: created, role changed, password reset, deleted', async () => {
    const user = await change<User>(admin, 'POST', '/api/user/create', {
      full_name: 'Lee Logged',
      username: 'lee.logged',
      user_role: Role.Operator,
      password: 'first-password-1',
    });
    await change(admin, 'PUT', `/api/user/${user.id}`, { user_role: Role.Supervisor });
    await change(admin, 'POST', '/api/user/admin-reset-password', {
      user_id: user.id,
      newPassword: 'second-password-2',
    });
    await change(admin, 'DELETE', `/api/user/${user.id}`);
    expect(await logged('lee.logged')).toEqual([
      ["User 'lee.logged': deleted", adminName],
      ["User 'lee.logged': password reset", adminName],
      ["User 'lee.logged': changed, role Supervisor", adminName],
      ["User 'lee.logged': created, role Operator", adminName],
    ]);
  });

  it('devices, their PLC addresses, alarm texts and status lights', async () => {
    await change(admin, 'POST', '/api/device/create', {
      device_id: 'GS8',
      device_name: 'Green Silo 8',
      device_type: DemoDeviceType.GreenSilo,
      device_description: 'Logged silo',
      device_stage: 1,
      device_unit: 'lbs',
      capacity: 8000,
    });
    await change(admin, 'PUT', '/api/device/GS8', {
      device_name: 'Green Silo 8',
      device_type: DemoDeviceType.GreenSilo,
      device_description: 'Logged silo by the east wall',
      device_stage: 1,
      device_unit: 'lbs',
      capacity: 9000,
    });
    const text = await change<{ id: number }>(admin, 'POST', '/api/alarm-text', {
      device_id: 'GS8',
      index: 4,
      message: 'High level',
    });
    await change(admin, 'PUT', `/api/alarm-text/${text.id}`, { index: 4, message: 'Level high' });
    await change(admin, 'DELETE', `/api/alarm-text/${text.id}`);
    await change(admin, 'DELETE', '/api/device/GS8');
    expect(await logged('Green Silo 8')).toEqual([
      ["Device 'Green Silo 8 (GS8)': deleted", adminName],
      ["Alarm text 'Green Silo 8': alarm 4 text deleted", adminName],
      ["Alarm text 'Green Silo 8': alarm 4 set to 'Level high'", adminName],
      ["Alarm text 'Green Silo 8': alarm 4 set to 'High level'", adminName],
      ["Device 'Green Silo 8 (GS8)': changed", adminName],
      ["Device 'Green Silo 8 (GS8)': created", adminName],
    ]);

    const light = await change<DeviceStatusDto>(admin, 'POST', '/api/device-status', {
      led_id: 21,
      name: 'Logged light',
      color: '#00ff00',
      priority: 'low',
      type: 'binary',
      command_id: DemoBinary.Opened,
      command_value: 1,
    });
    await change(admin, 'DELETE', `/api/device-status/${light.id}`);
    expect(await logged('Logged light')).toEqual([
      ["Device status 'Logged light': deleted", adminName],
      ["Device status 'Logged light': created", adminName],
    ]);
  });

  it("a device type's commands (the address map's commands)", async () => {
    await change(admin, 'POST', `/api/command/type/${DemoDeviceType.Packer}/binary`, {
      app: `${DemoBinary.ManualMode},${DemoBinary.Start}`,
      plc: String(DemoBinary.ManualModeActive),
    });
    const [latest] = await logged('Packer');
    expect(latest).toEqual([
      `Device type 'Packer': binary commands set (app ${DemoBinary.ManualMode}, ${DemoBinary.Start}; plc ${DemoBinary.ManualModeActive})`,
      adminName,
    ]);
  });

  it('beans, products and their recipes', async () => {
    const bean = await change<Bean>(supervisor, 'POST', '/api/bean', {
      bean: { bean_name: 'Logged Kenya', bins: 'GS1' },
    });
    await change(supervisor, 'PUT', `/api/bean/${bean.id}`, {
      bean: { bean_name: 'Logged Kenya', description: 'AA', bins: 'GS1' },
    });
    const product = await change<Product>(supervisor, 'POST', '/api/product', {
      product: {
        product_name: 'Logged Blend',
        product_description: 'One bean',
        product_lot_number: '-1',
        min_batch_weight: 100,
        max_batch_weight: 500,
      },
      product_recipes: [{ bean_id: bean.id, ratio: 100 }],
    });
    await change(supervisor, 'PUT', `/api/product/${product.product_id}`, {
      product: {
        product_name: 'Logged Blend',
        product_description: 'Still one bean',
        min_batch_weight: 100,
        max_batch_weight: 400,
      },
      product_recipes: [{ bean_id: bean.id, ratio: 100 }],
    });
    await change(supervisor, 'DELETE', `/api/product/${product.product_id}`);
    expect(await logged('Logged Kenya')).toEqual([
      ["Bean 'Logged Kenya': changed", supervisorName],
      ["Bean 'Logged Kenya': created", supervisorName],
    ]);
    expect(await logged('Logged Blend')).toEqual([
      ["Product 'Logged Blend': deleted", supervisorName],
      ["Product 'Logged Blend': changed, recipe: 100% Logged Kenya", supervisorName],
      ["Product 'Logged Blend': created", supervisorName],
    ]);
  });

  it('admin reports: created and deleted', async () => {
    const report = await change<AdminReport>(admin, 'POST', '/api/admin/reports', {
      title: 'Logged report',
      description: 'd',
      code: 'select 1',
    });
    await change(admin, 'DELETE', `/api/admin/reports/${report.id}`);
    expect(await logged('Logged report')).toEqual([
      ["Report 'Logged report': deleted", adminName],
      ["Report 'Logged report': created", adminName],
    ]);
  });

  it('a refused change is not logged', async () => {
    const taken = await admin('POST', '/api/user/create', {
      full_name: 'Someone Else',
      username: testUsers[Role.Operator].username,
      user_role: Role.Operator,
      password: 'first-password-1',
    });
    expect(taken.status).toBe(409);
    // The test users were made as the console's tests start; nothing since.
    expect(await logged(testUsers[Role.Operator].username)).toEqual([
      [`User '${testUsers[Role.Operator].username}': created, role Operator`, 'Test setup'],
    ]);
  });
});
