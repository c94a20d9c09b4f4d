import { isDeepStrictEqual } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import {
  DemoBinary,
  DemoInput,
  Role,
  type ActiveNotifications,
  type DeviceDetail,
  type RunningWorkflowState,
} from '@roastery/contract';
import { testServerUrl } from '@roastery/db/testing';
import { eventually, testUsers } from '../../../test/helper.ts';
import {
  call,
  login,
  startClusterPlant,
  type ClusterPlant,
  type Instance,
} from '../../../test/cluster-fixtures.ts';

let plant: ClusterPlant;

describe.skipIf(!testServerUrl())('several server instances on one PostgreSQL database', () => {
  let a: Instance;
  let b: Instance;

  beforeAll(async () => {
    plant = await startClusterPlant();
    a = await plant.start('alpha');
    await eventually(() => a.services.cluster?.leadership.isLeader(), 'alpha to lead');
    b = await plant.start('beta');
  });

  afterAll(() => plant?.close());

  it('lets exactly one instance drive the plant, and says which on the System Monitor', async () => {
    expect(a.services.cluster?.leadership.isLeader()).toBe(true);
    expect(b.services.cluster?.leadership.isLeader()).toBe(false);
    await eventually(() => a.services.runtime.connected(), 'the leader to read the PLC');
    expect(b.services.runtime.gatewayRunning()).toBe(false);
    const admin = await login(b, Role.Administrator);
    const seen = await call<{ id: string; name: string; health: string }[]>(
      b,
      admin,
      'GET',
      '/api/admin/health',
    );
    expect(seen.body.find((s) => s.id === 'instance')).toMatchObject({
      name: 'Instance beta',
      health: 'Follower: instance alpha drives the plant',
    });
  });

  it('carries an event published on one instance to a live stream on another', async () => {
    const token = await login(b, Role.Operator);
    const abort = new AbortController();
    const res = await fetch(`${b.base}/api/live`, {
      headers: { authorization: `Bearer ${token}` },
      signal: abort.signal,
    });
    expect(res.status).toBe(200);
    const reader = res.body!.pipeThrough(new TextDecoderStream()).getReader();
    await reader.read();
    a.services.hub.publish({ type: 'order', id: 4242, change: 'saved' });
    let received = '';
    while (!received.includes('"id":4242')) {
      const { value, done } = await reader.read();
      if (done) break;
      received += value;
    }
    abort.abort();
    expect(received).toContain('"type":"order"');
    expect(received.match(/"id":4242/g)).toHaveLength(1);
  });

  it('shows on another instance a PLC alarm the leader raised', async () => {
    const r1Alarm = async (instance: Instance) => {
      const token = await login(instance, Role.Administrator);
      const { body } = await call<ActiveNotifications>(
        instance,
        token,
        'GET',
        '/api/notification/active',
      );
      return body.data.find((n) => n.device_id === 'R1' && n.by === 'PLC');
    };
    expect(await r1Alarm(b)).toBeUndefined();
    plant.simulator.model.injectAlarm('R1', 1);
    const raised = await eventually(() => r1Alarm(a), 'the alarm on the leader');
    const seen = await eventually(() => r1Alarm(b), 'the alarm on the follower');
    expect({ id: seen.id, text: seen.text }).toEqual({
      id: raised.id,
      text: 'Roaster 1: Burner flame failure',
    });
    plant.simulator.model.clearAlarm('R1');
  });

  it('has the leader write a manual command sent to another instance, once', async () => {
    const admin = await login(b, Role.Administrator);
    // The follower's screens show the values the leader reads.
    const detail = async () =>
      (await call<DeviceDetail>(b, admin, 'GET', '/api/device/detail?id=GS3')).body;
    await eventually(async () => (await detail()).quality === 'good', 'GS3 read');
    const mode = await call(b, admin, 'PUT', '/api/device/mode/GS3');
    expect(mode.status).toBe(202);
    expect(mode.body.message).toBe('Switching to Manual mode');
    await eventually(async () => (await detail()).manual === true, 'GS3 in Manual mode');

    const before = plant.plcWrites.length;
    const open = await call(b, admin, 'PUT', `/api/command/toogle/${DemoBinary.InletGate}`, {
      device_id: 'GS3',
    });
    expect(open.status).toBe(202);
    expect(open.body.message).toBe('Inlet Gate set to 1');
    await eventually(
      () => plant.simulator.store.get('GS3', 'Inlet Gate Opened') === 1,
      'the gate to open in the PLC',
    );
    const opened = await eventually(async () => {
      const d = await detail();
      const gate = d.binary.find((c) => c.name === 'Inlet Gate');
      return gate?.value === 1 && gate.isSame ? d : undefined;
    }, 'the follower to show the gate open');
    expect(opened.plcBinary.find((c) => c.name === 'Inlet Gate Opened')?.value).toBe(1);
    expect(plant.plcWrites.slice(before)).toEqual(['GS3 Inlet Gate=1']);
    const rows = await a.database.db.execute(
      sql`select status, requested_by, claimed_by from leader_requests order by id`,
    );
    expect((rows as { rows: unknown[] }).rows.slice(-1)).toEqual([
      { status: 'done', requested_by: 'beta', claimed_by: 'alpha' },
    ]);
  });

  /** How many requests the instances handed over through the table so far. */
  async function storedRequests(): Promise<number> {
    const result = (await a.database.db.execute(
      sql`select count(*)::int as n from leader_requests`,
    )) as { rows: { n: number }[] };
    return result.rows[0]?.n ?? 0;
  }

  it('refuses hostile input on a follower exactly as the leader does, storing nothing', async () => {
    const onLeader = await login(a, Role.Administrator);
    const onFollower = await login(b, Role.Administrator);
    const toggle = `/api/command/toogle/${DemoBinary.InletGate}`;
    const hostile: [string, string, string?][] = [
      ['PUT', toggle, '{"device_id":"GS3\\u0000"}'],
      ['PUT', toggle, '{"device_id":"\\ud800"}'],
      ['PUT', toggle, '{"device_id":{"\\u0000":1}}'],
      ['PUT', toggle, '{"device_id":5}'],
      ['PUT', toggle, '[]'],
      ['POST', '/api/workflow/start', '{"work_flow_id":"1\\u0000"}'],
      ['GET', '/api/workflow/%00/status'],
      ['GET', '/api/workflow/99999999999/status'],
    ];
    const before = await storedRequests();
    for (const [method, path, body] of hostile) {
      const leader = await call(a, onLeader, method, path, body);
      const follower = await call(b, onFollower, method, path, body);
      expect(follower, `${method} ${path} ${body ?? ''}`).toEqual(leader);
      expect(follower.status).toBeGreaterThanOrEqual(400);
      expect(follower.status).toBeLessThan(500);
    }
    expect(await storedRequests()).toBe(before);
  });

  it('asks the leader for a read without storing it', async () => {
    const admin = await login(b, Role.Administrator);
    const before = await storedRequests();
    const leaderRead = async () => (await call<object>(a, admin, 'GET', '/api/dashboard/v2')).body;
    // On a loaded machine a silo's reading can turn stale between two reads, so the follower's
    // read is compared only when the leader answered the same just before and just after it.
    let compared = 0;
    for (let poll = 0; compared < 5 && poll < 50; poll += 1) {
      const leaderBefore = await leaderRead();
      const read = await call<object>(b, admin, 'GET', '/api/dashboard/v2');
      expect(read.status).toBe(200);
      if (!isDeepStrictEqual(leaderBefore, await leaderRead())) continue;
      expect(read.body).toEqual(leaderBefore);
      compared += 1;
    }
    expect(compared).toBe(5);
    expect(await storedRequests()).toBe(before);
  });

  it('answers a request again under its Idempotency-Key, and refuses the key for another', async () => {
    const admin = await login(b, Role.Administrator);
    const key = { 'idempotency-key': 'cluster-mode-GS1' };
    const before = plant.plcWrites.length;
    const first = await call(b, admin, 'PUT', '/api/device/mode/GS1', undefined, key);
    expect(first).toEqual({
      status: 202,
      body: expect.objectContaining({ message: 'Switching to Manual mode' }),
    });
    // A retry on either instance is the same request: answered again, sent once.
    expect(await call(b, admin, 'PUT', '/api/device/mode/GS1', undefined, key)).toEqual(first);
    expect(await call(a, admin, 'PUT', '/api/device/mode/GS1', undefined, key)).toEqual(first);
    for (const instance of [a, b]) {
      const other = await call(instance, admin, 'PUT', '/api/device/mode/GS2', undefined, key);
      expect(other).toEqual({
        status: 422,
        body: expect.objectContaining({
          message:
            'This Idempotency-Key was already used for a different request. Send a new request with a new key.',
        }),
      });
    }
    await eventually(() => plant.plcWrites.length > before, 'the mode switch written');
    expect(plant.plcWrites.slice(before)).toEqual(['GS1 Manual Mode=1']);
  });

  it('refuses on one instance, at once, a token revoked on another', async () => {
    const operator = await login(b, Role.Operator);
    expect((await call(b, operator, 'GET', '/api/user/me')).status).toBe(200);
    const admin = await login(a, Role.Administrator);
    const users = await call<{ id: number; username: string }[]>(a, admin, 'GET', '/api/user');
    const id = users.body.find((u) => u.username === testUsers[Role.Operator].username)?.id;
    const reset = await call(a, admin, 'POST', '/api/user/admin-reset-password', {
      user_id: id,
      newPassword: 'another-pass-123',
    });
    expect(reset.status).toBeLessThan(300);
    await eventually(
      async () => (await call(b, operator, 'GET', '/api/user/me')).status === 401,
      'the old token to be refused on beta',
    );
  });

  it('hands the plant to another instance when the leader goes away, within seconds', async () => {
    // A run under way on the leader, started through the follower, waiting on a scale.
    const operator = await login(b, Role.Administrator);
    const created = await call<{ id: number }>(b, operator, 'POST', '/api/diagram/create', {
      name: 'Outlives its leader',
      type: 'moving',
    });
    const workflowId = created.body.id;
    await call(b, operator, 'POST', '/api/diagram/rules', {
      workflow_id: workflowId,
      device_id: 'WRB3',
      type: 'binary',
      command_id: DemoBinary.InletGate,
      command_value: 1,
      wait_finish: true,
      wait_device: [
        {
          device_id: 'DS1',
          type: 'input',
          command_id: DemoInput.ScaleWeight,
          condition: '>=',
          command_value: 10,
          is_silo: false,
        },
      ],
    });
    const started = await call(b, operator, 'POST', '/api/workflow/start', {
      work_flow_id: workflowId,
    });
    expect(started.status).toBe(200);
    expect(a.services.engine.currentRun(workflowId)?.state).toBe('running');
    await eventually(
      () => a.services.engine.currentRun(workflowId)?.phases[0] === 'confirmed',
      'the gate write confirmed',
    );

    // As a crash looks to the database: the leader's connections are gone.
    await plant.cutOff('alpha');
    await eventually(() => !a.services.cluster?.leadership.isLeader(), 'alpha to stop leading');
    await eventually(() => b.services.cluster?.leadership.isLeader(), 'beta to lead', 15_000);
    await eventually(() => b.services.runtime.connected(), 'beta to read the PLC', 15_000);

    const token = await login(b, Role.Administrator);
    // The run the old leader was driving waits for a person.
    const status = await call<RunningWorkflowState>(
      b,
      token,
      'GET',
      `/api/workflow/${workflowId}/status`,
    );
    expect(status.body.state).toBe('interrupted');
    const before = plant.plcWrites.length;
    const close = await call(b, token, 'PUT', `/api/command/toogle/${DemoBinary.InletGate}`, {
      device_id: 'GS3',
      value: 0,
    });
    expect(close.status).toBe(202);
    await eventually(
      () => plant.simulator.store.get('GS3', 'Inlet Gate Opened') === 0,
      'the gate to close in the PLC',
    );
    expect(plant.plcWrites.slice(before)).toEqual(['GS3 Inlet Gate=0']);
    // The old leader, alive but without the lock, writes nothing.
    expect(
      a.services.runtime.write(
        { device_id: 'GS3', command_kind: 'binary', command_id: DemoBinary.InletGate },
        1,
        'test',
      ),
    ).toBeUndefined();
  });
});
