import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Role, type Setting } from '@roastery/contract';
import { buildTestApp, testUsers, type TestApp } from '../../../test/helper.ts';
import type { PlantEventOf } from '../../plant/hub/plant-events.ts';
import { liveEventOf } from '../live/live-projection.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

describe('settings', () => {
  it('lists every family the screen shows, the other family included', async () => {
    const { status, body } = await t.as(Role.Operator)<Setting[]>('GET', '/api/admin/settings');
    expect(status).toBe(200);
    expect([...new Set(body.map((s) => s.family))]).toEqual(
      expect.arrayContaining(['order', 'pack', 'dump', 'other']),
    );
    expect(
      body.filter((s) => s.family === 'other').map((s) => [s.ref_id, s.type, s.value]),
    ).toEqual([
      ['r-other-console', 'divider', ''],
      ['r-plant-name', 'input', ''],
      ['r-log-page-size', 'select', '10'],
      ['r-other-sessions', 'divider', ''],
      ['r-session-warning', 'select', '5'],
      ['r-other-units', 'divider', ''],
      ['r-temperature-unit', 'select', 'F'],
    ]);
  });

  it('tells the whole console of a change at once, through the hub and the live stream', async () => {
    const seen: PlantEventOf<'setting'>[] = [];
    const stop = t.services.hub.subscribe('setting', (e) => seen.push(e));
    const { status, body } = await t.as(Role.Supervisor)<Setting>('POST', '/api/admin/settings', {
      ref_id: 'r-is-pack',
      value: 'no',
    });
    stop();
    expect(status).toBe(200);
    expect(body.value).toBe('no');
    expect(seen).toEqual([
      {
        type: 'setting',
        ref_id: 'r-is-pack',
        label: 'Packing orders',
        value: 'no',
        by: testUsers[Role.Supervisor].full_name,
      },
    ]);
    expect(liveEventOf(seen[0]!, { lightsStatus: () => false })).toEqual({
      type: 'setting',
      ref_id: 'r-is-pack',
      value: 'no',
    });
    expect(
      (await t.as(Role.Operator)<Setting>('GET', '/api/admin/settings/r/r-is-pack')).body.value,
    ).toBe('no');
  });

  it('keeps an input setting trimmed and short, and a divider without a value', async () => {
    const saved = await t.as(Role.Administrator)<Setting>('POST', '/api/admin/settings', {
      ref_id: 'r-plant-name',
      value: '  Roastery North  ',
    });
    expect(saved.body.value).toBe('Roastery North');
    const long = await t.as(Role.Administrator)('POST', '/api/admin/settings', {
      ref_id: 'r-plant-name',
      value: 'x'.repeat(81),
    });
    expect(long).toEqual({
      status: 422,
      body: expect.objectContaining({ message: 'Plant name is at most 80 characters.' }),
    });
    const divider = await t.as(Role.Administrator)('POST', '/api/admin/settings', {
      ref_id: 'r-other-console',
      value: 'x',
    });
    expect(divider.status).toBe(422);
    expect(divider.body.message).toBe('Console is a heading and holds no value.');
  });

  it('refuses a value outside the options, an unknown ref, and an operator', async () => {
    const bad = await t.as(Role.Administrator)('POST', '/api/admin/settings', {
      ref_id: 'r-log-page-size',
      value: '7',
    });
    expect(bad.status).toBe(422);
    expect(bad.body.message).toBe(
      "'7' is not a value of Rows per page in the events log: use 10 or 20 or 50 or 100.",
    );
    const unknown = await t.as(Role.Administrator)('POST', '/api/admin/settings', {
      ref_id: 'r-nothing',
      value: 'x',
    });
    expect(unknown.status).toBe(404);
    const operator = await t.as(Role.Operator)('POST', '/api/admin/settings', {
      ref_id: 'r-log-page-size',
      value: '20',
    });
    expect(operator.status).toBe(403);
    expect(
      (await t.as(Role.Operator)<Setting>('GET', '/api/admin/settings/r/r-log-page-size')).body
        .value,
    ).toBe('10');
  });
});
