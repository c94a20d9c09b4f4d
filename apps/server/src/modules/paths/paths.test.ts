import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Role, type PathForm, type RoastingPath } from '@roastery/contract';
import { buildTestApp, type ApiCaller, type TestApp } from '../../../test/helper.ts';
import { quickPackWorkflow, quickRoastWorkflow } from '../../../test/order-fixtures.ts';

let t: TestApp;
let supervisor: ApiCaller;
let roastR1: number;
let roastR2: number;
let packWrb3: number;

beforeAll(async () => {
  t = await buildTestApp({}, { plant: true });
  supervisor = t.as(Role.Supervisor);
  roastR1 = await quickRoastWorkflow(t.database.db, 'R1', 'WRB1', 'Quick roast on R1');
  roastR2 = await quickRoastWorkflow(t.database.db, 'R2', 'WRB4', 'Quick roast on R2');
  packWrb3 = await quickPackWorkflow(t.database.db, 'WRB3', 'PK1', 'Pack WRB3 on PK1');
});
afterAll(() => t.close());

const body = (fields: Record<string, unknown> = {}) => ({
  name: 'Silos 1-2 on Roaster 1',
  start_silos: ['GS1', 'GS2'],
  roaster_id: 'R1',
  destination_id: 'WRB1',
  workflow_id: roastR1,
  ...fields,
});

const pathEvents = async () => {
  await t.services.eventRecorder.settled();
  const { body: page } = await t.as(Role.Administrator)<{
    data: { event_description: string; user: string | null }[];
  }>('POST', '/api/event', { where: { kind: 'path' } });
  return page.data.map((e) => [e.event_description, e.user]);
};

describe('roasting paths', () => {
  it('is plant configuration: supervisors and administrators only', async () => {
    expect((await t.as(Role.Operator)('GET', '/api/path')).status).toBe(403);
    expect((await t.as(Role.Operator)('POST', '/api/path', body())).status).toBe(403);
    expect((await t.as(Role.Administrator)('GET', '/api/path')).status).toBe(200);
  });

  it('offers green silos, roasters, roasted-bean bins and roasting workflows by their kind', async () => {
    const { status, body: form } = await supervisor<PathForm>('GET', '/api/path/form');
    expect(status).toBe(200);
    expect(form.silos.map((d) => d.device_id)).toEqual(['GS1', 'GS2', 'GS3', 'GS4', 'GS5', 'GS6']);
    expect(form.roasters.map((d) => d.device_id)).toEqual(['R1', 'R2']);
    expect(form.destinations.map((d) => d.device_id)).toEqual(['WRB1', 'WRB2', 'WRB3', 'WRB4']);
    expect(form.workflows).toContainEqual({
      id: roastR2,
      name: 'Quick roast on R2',
      roaster_id: 'R2',
    });
    expect(form.workflows.map((w) => w.id)).not.toContain(packWrb3);
  });

  it('adds, edits and deletes a path, each change in the events log with who made it', async () => {
    const created = await supervisor<RoastingPath>('POST', '/api/path', body());
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      name: 'Silos 1-2 on Roaster 1',
      start_silos: [
        { device_id: 'GS1', device_name: 'Green Silo 1' },
        { device_id: 'GS2', device_name: 'Green Silo 2' },
      ],
      roaster: { device_id: 'R1', device_name: 'Roaster 1' },
      destination: { device_id: 'WRB1', device_name: 'WRB Bin 1' },
      workflow: { id: roastR1, name: 'Quick roast on R1' },
      enabled: true,
      created_by: 'Sam Supervisor',
      updated_by: 'Sam Supervisor',
    });
    const id = created.body.id;

    const edited = await t.as(Role.Administrator)<RoastingPath>(
      'PUT',
      `/api/path/${id}`,
      body({ name: 'Silo 3 on Roaster 1', start_silos: ['gs3'], enabled: false }),
    );
    expect(edited.status).toBe(200);
    expect(edited.body.start_silos.map((s) => s.device_id)).toEqual(['GS3']);
    expect(edited.body).toMatchObject({
      enabled: false,
      created_by: 'Sam Supervisor',
      updated_by: 'Administrator',
    });
    expect((await supervisor<RoastingPath[]>('GET', '/api/path')).body).toEqual([edited.body]);

    expect((await supervisor('DELETE', `/api/path/${id}`)).status).toBe(200);
    expect((await supervisor('DELETE', `/api/path/${id}`)).status).toBe(404);
    expect((await supervisor('PUT', `/api/path/${id}`, body())).status).toBe(404);
    expect((await supervisor<RoastingPath[]>('GET', '/api/path')).body).toEqual([]);
    expect((await pathEvents()).slice(0, 3)).toEqual([
      ["Roasting path 'Silo 3 on Roaster 1' deleted", 'Sam Supervisor'],
      ["Roasting path 'Silo 3 on Roaster 1' edited", 'Administrator'],
      ["Roasting path 'Silos 1-2 on Roaster 1' created", 'Sam Supervisor'],
    ]);
  });

  it('refuses what is not a path: each reason in words', async () => {
    const refused = async (fields: Record<string, unknown>) => {
      const reply = await supervisor('POST', '/api/path', body(fields));
      return [reply.status, reply.body.message];
    };
    expect(await refused({ name: '  ' })).toEqual([400, 'name: Please input the path name!']);
    expect(await refused({ start_silos: [] })).toEqual([
      400,
      'start_silos: Please select at least one start silo!',
    ]);
    expect(await refused({ roaster_id: undefined })).toEqual([
      400,
      'roaster_id: Please select a roaster',
    ]);
    expect(await refused({ start_silos: ['GS9'] })).toEqual([422, 'There is no device GS9.']);
    expect(await refused({ start_silos: ['GS1', 'WRB2'] })).toEqual([
      422,
      'WRB Bin 2 (WRB2) is not a green silo.',
    ]);
    expect(await refused({ start_silos: ['GS1', 'gs1'] })).toEqual([
      422,
      'Green Silo 1 is listed twice.',
    ]);
    expect(await refused({ roaster_id: 'GS3' })).toEqual([
      422,
      'Green Silo 3 (GS3) is not a roaster.',
    ]);
    expect(await refused({ destination_id: 'R2' })).toEqual([
      422,
      'Roaster 2 (R2) is not a roasted-bean bin.',
    ]);
    expect(await refused({ destination_id: 'vbin' })).toEqual([422, 'There is no device vbin.']);
    expect(await refused({ workflow_id: 999_999 })).toEqual([422, 'There is no workflow 999999.']);
    expect(await refused({ workflow_id: packWrb3 })).toEqual([
      422,
      "'Pack WRB3 on PK1' is not a roasting workflow.",
    ]);
    expect(await refused({ workflow_id: roastR2 })).toEqual([
      422,
      "'Quick roast on R2' roasts on Roaster 2, not on Roaster 1.",
    ]);
    expect((await supervisor<RoastingPath[]>('GET', '/api/path')).body).toEqual([]);
  });

  it('refuses a second path of the same name or the same way', async () => {
    const first = await supervisor<RoastingPath>('POST', '/api/path', body({ name: 'Main line' }));
    expect(first.status).toBe(201);
    const sameName = await supervisor(
      'POST',
      '/api/path',
      body({ name: 'MAIN LINE', start_silos: ['GS4'] }),
    );
    expect([sameName.status, sameName.body.message]).toEqual([
      409,
      "A path named 'MAIN LINE' already exists.",
    ]);
    const sameWay = await supervisor(
      'POST',
      '/api/path',
      body({ name: 'Other line', start_silos: ['GS2', 'GS1'] }),
    );
    expect([sameWay.status, sameWay.body.message]).toEqual([
      409,
      "The path 'Main line' already goes this way.",
    ]);
    // Saving a path as it is is no twin of itself.
    const again = await supervisor(
      'PUT',
      `/api/path/${first.body.id}`,
      body({ name: 'Main line' }),
    );
    expect(again.status).toBe(200);
    expect((await supervisor('DELETE', `/api/path/${first.body.id}`)).status).toBe(200);
  });

  it('keeps the workflow and the devices a path names', async () => {
    const path = await supervisor<RoastingPath>('POST', '/api/path', body({ name: 'Kept' }));
    const workflow = await supervisor('DELETE', `/api/diagram/${roastR1}`);
    expect([workflow.status, workflow.body.message]).toEqual([
      409,
      "'Quick roast on R1' is the workflow of a roasting path: change or delete the path under Paths first.",
    ]);
    const device = await t.as(Role.Administrator)('DELETE', '/api/device/GS2');
    expect(device.status).toBe(409);
    expect(device.body.message).toContain("roasting path 'Kept'");
    expect((await supervisor('DELETE', `/api/path/${path.body.id}`)).status).toBe(200);
  });
});
