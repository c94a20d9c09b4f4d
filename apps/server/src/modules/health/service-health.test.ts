import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Role, type HealthDetail, type HealthEntry, type Notification } from '@roastery/contract';
import { buildTestApp, eventually, testUsers, type TestApp } from '../../../test/helper.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({}, { plant: true });
});
afterAll(() => t.close());

const admin = () => t.as(Role.Administrator);

async function activeAlarms(): Promise<Notification[]> {
  const { body } = await admin()<{ data: Notification[] }>('GET', '/api/notification/active');
  return body.data;
}

describe('the System Monitor', () => {
  it("lists the console's services, with why some cannot be stopped", async () => {
    const { status, body } = await t.as(Role.Supervisor)<HealthEntry[]>('GET', '/api/admin/health');
    expect(status).toBe(200);
    expect(body.map((s) => [s.id, s.status])).toEqual([
      ['api', 'running'],
      ['database', 'running'],
      ['plc-gateway', 'running'],
      ['workflow-engine', 'running'],
      ['plant-simulator', 'running'],
      ['order-scheduler', 'running'],
      ['live-stream', 'running'],
    ]);
    expect(body.find((s) => s.id === 'api')?.locked).toBe(
      'The API serves this page: stop or restart the server process itself.',
    );
    expect(body.find((s) => s.id === 'plc-gateway')?.locked).toBeNull();
    const refused = await admin()('POST', '/api/admin/health/execute', {
      type: 'stop',
      container: 'database',
    });
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe(
      'Every service reads and writes the database: it stops with the server process.',
    );
  });

  it('stops the PLC gateway for real, with an alarm, and starts it again', async () => {
    await eventually(() => t.services.runtime.connected(), 'the PLC link');
    const stopped = await admin()<HealthDetail>('POST', '/api/admin/health/execute', {
      type: 'stop',
      container: 'plc-gateway',
    });
    expect(stopped.status).toBe(200);
    expect(stopped.body).toMatchObject({ status: 'stopped', health: 'Not Running' });
    const who = testUsers[Role.Administrator].full_name;
    expect(stopped.body.logs.map((l) => l.message).slice(0, 3)).toEqual([
      'Stopped',
      `PLC link closed: stopped by ${who}`,
      `Stop requested by ${who}`,
    ]);
    expect(t.services.runtime.connected()).toBe(false);
    expect(t.services.runtime.reading('GS1', 'occupancy')).toBeNull();
    const alarm = (await activeAlarms()).find((n) => n.text.startsWith('PLC gateway ('));
    expect(alarm?.text).toContain(
      `stopped by ${testUsers[Role.Administrator].full_name} from the System Monitor`,
    );

    const again = await admin()('POST', '/api/admin/health/execute', {
      type: 'stop',
      container: 'plc-gateway',
    });
    expect(again.status).toBe(409);

    const started = await admin()<HealthDetail>('POST', '/api/admin/health/execute', {
      type: 'start',
      container: 'plc-gateway',
    });
    expect(started.body.status).toBe('running');
    await eventually(() => t.services.runtime.connected(), 'the PLC link again');
    const detail = await admin()<HealthDetail>('GET', '/api/admin/health/plc-gateway');
    expect(detail.body.logs.map((l) => l.message)).toContain('PLC link connected');
    const { body } = await admin()<{ data: Notification[] }>('GET', '/api/notification/active');
    expect(body.data.find((n) => n.id === alarm?.id)?.clearedAt).toBeTruthy();
  });

  it('stops the order scheduler, with an alarm, and starts it again', async () => {
    const execute = (type: 'stop' | 'start') =>
      admin()<HealthDetail>('POST', '/api/admin/health/execute', {
        type,
        container: 'order-scheduler',
      });
    const stopped = await execute('stop');
    expect(stopped.status).toBe(200);
    expect(stopped.body.status).toBe('stopped');
    expect(t.services.orderScheduler.running).toBe(false);
    const who = testUsers[Role.Administrator].full_name;
    const alarm = (await activeAlarms()).find((n) => n.text.startsWith('Order scheduler stopped'));
    expect(alarm?.text).toBe(
      `Order scheduler stopped by ${who} from the System Monitor. Waiting orders no longer start by themselves, whatever the automatic processing setting says, until it is started again.`,
    );

    const started = await execute('start');
    expect(started.body.status).toBe('running');
    expect(t.services.orderScheduler.running).toBe(true);
    const { body } = await admin()<{ data: Notification[] }>('GET', '/api/notification/active');
    expect(body.data.find((n) => n.id === alarm?.id)?.clearedAt).toBeTruthy();
  });

  it('answers an unknown or malformed service id and refuses those who may not', async () => {
    expect((await admin()('GET', '/api/admin/health/no-such')).status).toBe(404);
    expect((await admin()('GET', '/api/admin/health/Bad_Id')).status).toBe(400);
    expect((await t.as(Role.Operator)('GET', '/api/admin/health')).status).toBe(403);
    const supervisor = await t.as(Role.Supervisor)('POST', '/api/admin/health/execute', {
      type: 'stop',
      container: 'plc-gateway',
    });
    expect(supervisor.status).toBe(403);
    expect(t.services.runtime.gatewayRunning()).toBe(true);
  });
});
