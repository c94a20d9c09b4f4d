import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Role, type Bean, type HealthEntry } from '@roastery/contract';
import { testServerUrl } from '@roastery/db/testing';
import { startFaultProxy, type FaultProxy } from '@roastery/plc/testing';
import { buildTestApp, eventually, type TestApp } from '../../../test/helper.ts';

// The embedded database lives in the server's own process: there is no link to cut.
const serverUrl = testServerUrl();

const UNAVAILABLE = {
  statusCode: 503,
  error: 'Service Unavailable',
  message: 'The database is unavailable. Try again shortly.',
};

describe.skipIf(!serverUrl)('the database going away under load (PostgreSQL)', () => {
  let proxy: FaultProxy;
  let t: TestApp;
  beforeAll(async () => {
    const target = new URL(serverUrl ?? '');
    proxy = await startFaultProxy({
      target: { host: target.hostname, port: Number(target.port || 5432) },
    });
    t = await buildTestApp(
      {},
      {
        connectVia: (url) => {
          const viaProxy = new URL(url);
          viaProxy.hostname = proxy.host;
          viaProxy.port = String(proxy.port);
          return viaProxy.toString();
        },
      },
    );
  });
  afterAll(async () => {
    proxy.heal();
    await t.close();
    await proxy.close();
  });

  const databaseEntry = async () => {
    const { body } = await t.as(Role.Administrator)<HealthEntry[]>('GET', '/api/admin/health');
    return body.find((s) => s.id === 'database');
  };

  it('answers 503 while it is away, shows it Not Running, recovers without a restart and keeps every acknowledged change', async () => {
    const supervisor = t.as(Role.Supervisor);
    await t.as(Role.Administrator)('GET', '/api/admin/health');
    await supervisor('GET', '/api/bean');
    const acknowledged: string[] = [];
    const replies = new Map<number, number>();
    let sent = 0;
    const createBean = async () => {
      sent += 1;
      const bean_name = `Away ${sent}`;
      const { status, body } = await supervisor<Bean & typeof UNAVAILABLE>('POST', '/api/bean', {
        bean: { bean_name },
      });
      replies.set(status, (replies.get(status) ?? 0) + 1);
      if (status === 201) acknowledged.push(body.bean_name);
      else expect(body).toEqual(UNAVAILABLE);
      return status;
    };
    // Writers keep the pool busy while the link is cut under them.
    let load = true;
    const writers = Array.from({ length: 4 }, async () => {
      while (load) await createBean();
    });
    await eventually(() => acknowledged.length >= 20, 'writes going through');

    // Several outages in a row: a connection leaked by one would starve the pool by the next.
    for (let outage = 1; outage <= 4; outage += 1) {
      const refused = replies.get(503) ?? 0;
      proxy.setMode('refuse');
      proxy.dropConnections();
      await eventually(() => (replies.get(503) ?? 0) >= refused + 20, 'writes refused with 503');
      expect(await databaseEntry()).toMatchObject({ status: 'stopped', health: 'Not Running' });
      const ready = await t.app.inject({ method: 'GET', url: '/api/health/ready' });
      expect(ready.statusCode).toBe(503);
      expect(await supervisor('GET', '/api/bean')).toEqual({ status: 503, body: UNAVAILABLE });

      proxy.heal();
      const before = acknowledged.length;
      await eventually(() => acknowledged.length >= before + 20, `writes after outage ${outage}`);
      expect(await databaseEntry()).toMatchObject({ status: 'running', health: 'Running' });
      expect((await t.app.inject({ method: 'GET', url: '/api/health/ready' })).statusCode).toBe(
        200,
      );
    }
    load = false;
    await Promise.all(writers);

    expect([...replies.keys()].sort()).toEqual([201, 503]);
    const { body: beans } = await supervisor<Bean[]>('GET', '/api/bean');
    const stored = new Set(beans.map((b) => b.bean_name));
    expect(acknowledged.filter((name) => !stored.has(name))).toEqual([]);
  });
});
