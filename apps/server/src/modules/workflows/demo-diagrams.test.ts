import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, inArray, sql } from 'drizzle-orm';
import {
  DemoBinary,
  Role,
  type DeviceSummary,
  type Diagram,
  type WorkflowListEntry,
  type WorkflowStep,
} from '@roastery/contract';
import { workflows } from '@roastery/db';
import { buildTestApp, type ApiCaller, type TestApp } from '../../../test/helper.ts';
import {
  addMissingDemoDiagrams,
  addMissingDemoWorkflows,
  demoWorkflows,
} from './seed-demo-workflows.ts';

let t: TestApp;
let admin: ApiCaller;

beforeAll(async () => {
  t = await buildTestApp({}, { plant: true });
  admin = t.as(Role.Administrator);
});
afterAll(() => t.close());

async function demoList(): Promise<WorkflowListEntry[]> {
  const { body } = await admin<WorkflowListEntry[]>('GET', '/api/diagram/new/flow/list');
  return body.filter((w) => w.reserved);
}

async function diagramOf(name: string): Promise<Diagram> {
  const found = (await demoList()).find((w) => w.name === name);
  if (!found) throw new Error(`no workflow ${name}`);
  return (await admin<Diagram>('GET', `/api/diagram/flow/${found.id}`)).body;
}

const edgesOf = (d: Diagram) => d.edges.map((e) => `${e.source}->${e.target}`).sort();
const positionOf = (d: Diagram, code: string) => {
  const node = d.nodes.find((n) => n.id === code);
  if (!node) throw new Error(`${code} is not on the diagram of ${d.name}`);
  return node.position;
};

describe('the demo workflows on a fresh database', () => {
  it('each have a diagram with a node for every device their steps drive, named as the plant names it', async () => {
    const names = new Map(
      (await admin<DeviceSummary[]>('GET', '/api/device')).body.map((d) => [
        d.device_id,
        d.device_name,
      ]),
    );
    expect((await demoList()).length).toBe(demoWorkflows.length);
    for (const w of await demoList()) {
      const diagram = (await admin<Diagram>('GET', `/api/diagram/flow/${w.id}`)).body;
      const steps = (await admin<WorkflowStep[]>('GET', `/api/diagram/rules?id=${w.id}`)).body;
      const onCanvas = diagram.nodes.map((n) => n.id);
      expect(steps.length).toBeGreaterThan(0);
      expect(onCanvas, w.name).toEqual(expect.arrayContaining(steps.map((s) => s.device_id)));
      expect(new Set(onCanvas).size).toBe(onCanvas.length);
      for (const node of diagram.nodes) expect(node.data.label).toBe(names.get(node.id));
      expect(diagram.edges.length, w.name).toBeGreaterThan(0);
      for (const edge of diagram.edges) {
        expect(onCanvas).toContain(edge.source);
        expect(onCanvas).toContain(edge.target);
        // The designer reads the handles an edge uses from its id.
        expect(edge.id).toMatch(new RegExp(`^${edge.source}:s-\\d->${edge.target}:t-\\d$`));
      }
      // A diagram nobody has saved yet: the designer's first save goes through.
      expect(diagram.revision).toBe(1);
    }
  });

  it('draw the roast along the bean path, left to right, with the cleaner waste below', async () => {
    const roast = await diagramOf('Roast Green Silo 1 on Roaster 1 into WRB Bin 1');
    expect(edgesOf(roast)).toEqual(['CL1->R1', 'CL1->WB1', 'GS1->CL1', 'R1->WRB1']);
    const x = (code: string) => positionOf(roast, code).x;
    expect(x('GS1')).toBeLessThan(x('CL1'));
    expect(x('CL1')).toBeLessThan(x('R1'));
    expect(x('R1')).toBeLessThan(x('WRB1'));
    expect(positionOf(roast, 'WB1').y).toBeGreaterThan(positionOf(roast, 'R1').y);
    expect(roast.nodes.find((n) => n.id === 'R1')).toMatchObject({
      type: 'default',
      data: { label: 'Roaster 1', targetPosition: 'left', sourcePosition: 'right', class: 'lg' },
    });

    // The second roaster's roast is drawn as the first's, along its own devices.
    const second = await diagramOf('Roast Green Silo 4 on Roaster 2 into WRB Bin 3');
    expect(edgesOf(second)).toEqual(['CL1->R2', 'CL1->WB1', 'GS4->CL1', 'R2->WRB3']);
    const along = (d: Diagram, codes: string[]) => codes.map((code) => positionOf(d, code));
    expect(along(second, ['GS4', 'CL1', 'R2', 'WB1', 'WRB3'])).toEqual(
      along(roast, ['GS1', 'CL1', 'R1', 'WB1', 'WRB1']),
    );
    expect(second.nodes.find((n) => n.id === 'R2')?.data.label).toBe('Roaster 2');

    expect(edgesOf(await diagramOf('Dump DS1 into Green Silo 4'))).toEqual(['DS1->GS4']);
    expect(edgesOf(await diagramOf('Dump DS2 into Green Silo 6'))).toEqual(['DS2->GS6']);
    expect(edgesOf(await diagramOf('Pack WRB Bin 1 on Packer 1'))).toEqual(['WRB1->PK1']);
    expect(edgesOf(await diagramOf('Pack WRB Bin 3 on Packer 2'))).toEqual(['WRB3->PK2']);
    expect(edgesOf(await diagramOf('Pack WRB Bin 1 on the Manual Bagging Station'))).toEqual([
      'WRB1->MB1',
    ]);
    expect(edgesOf(await diagramOf('Rework: Re-entry Bin into WRB Bin 2'))).toEqual(['REB1->WRB2']);
  });

  it('draw a transfer conveyor between every silo of its routes, both ways', async () => {
    const green = await diagramOf('Transfer between green silos (Green Transfer Conveyor)');
    const silos = ['GS1', 'GS2', 'GS3', 'GS4', 'GS5', 'GS6'];
    expect(edgesOf(green)).toEqual(silos.flatMap((s) => [`${s}->TC1`, `TC1->${s}`]).sort());
    expect(green.nodes.find((n) => n.id === 'TC1')).toMatchObject({
      type: 'custom',
      data: { sourceCount: 2, sourcePosition: 'left', targetPosition: 'left' },
    });
    // The upper return handle fills the upper half of the column, the lower one the rest.
    expect(green.edges.filter((e) => e.source === 'TC1').map((e) => e.id)).toEqual(
      silos.map((s, i) => `TC1:s-${i < 3 ? 1 : 2}->${s}:t-1`),
    );
    const roasted = await diagramOf('Transfer between roasted bins (Roasted Transfer Conveyor)');
    expect(roasted.nodes.map((n) => n.id).sort()).toEqual(
      ['REB1', 'TC2', 'WRB1', 'WRB2', 'WRB3', 'WRB4'].sort(),
    );
  });
});

describe('a console seeded before the demo had diagrams', () => {
  /** Puts a demo workflow back as an older console seeded it: no diagram, never saved. */
  async function withoutDiagram(name: string): Promise<number> {
    const [row] = await t.database.db
      .update(workflows)
      .set({ nodes: [], edges: [], revision: 1 })
      .where(eq(workflows.name, name))
      .returning({ id: workflows.id });
    if (!row) throw new Error(`no workflow ${name}`);
    return row.id;
  }

  it('gets the diagrams of the demo workflows nobody changed, and only those', async () => {
    const untouched = 'Pack WRB Bin 1 on Packer 1';
    const emptied = 'Dump DS1 into Green Silo 2';
    const restepped = 'Dump DS1 into Green Silo 3';
    const drawnBefore = await diagramOf(untouched);
    await withoutDiagram(untouched);

    // A person saved an empty canvas on purpose: the revision tells.
    const emptiedId = await withoutDiagram(emptied);
    const save = await admin('POST', '/api/diagram/c/update', {
      id: emptiedId,
      nodes: [],
      edges: [],
      revision: 1,
    });
    expect(save.status).toBe(200);

    // A person made the workflow drive another device: the demo diagram no longer shows it.
    const resteppedId = await withoutDiagram(restepped);
    const step = await admin('POST', '/api/diagram/rules', {
      workflow_id: resteppedId,
      device_id: 'DS2',
      type: 'binary',
      command_id: DemoBinary.Start,
      command_value: 0,
    });
    expect(step.status).toBe(201);

    expect(await addMissingDemoDiagrams(t.database.db)).toEqual([untouched]);
    const redrawn = await diagramOf(untouched);
    expect(redrawn.nodes).toEqual(drawnBefore.nodes);
    expect(redrawn.edges).toEqual(drawnBefore.edges);
    expect(redrawn.revision).toBe(2);
    expect((await diagramOf(emptied)).nodes).toEqual([]);
    expect((await diagramOf(restepped)).nodes).toEqual([]);

    // Once drawn, nothing is drawn again.
    expect(await addMissingDemoDiagrams(t.database.db)).toEqual([]);
    const count = await t.database.db.$count(
      workflows,
      sql`${workflows.isSystem} and ${workflows.revision} > 1`,
    );
    expect(count).toBe(2);
  });
});

describe('a console seeded before the demo had its second line', () => {
  const secondLine = [
    ...[1, 2, 3, 4, 5, 6].map((n) => `Dump DS2 into Green Silo ${n}`),
    'Roast Green Silo 4 on Roaster 2 into WRB Bin 3',
    'Pack WRB Bin 1 on the Manual Bagging Station',
    'Pack WRB Bin 3 on Packer 2',
  ];

  it('gets the demo workflows it lacks, drawn and with their steps, once', async () => {
    const before = new Map(
      await Promise.all(
        secondLine.map(async (name) => {
          const found = (await demoList()).find((w) => w.name === name);
          if (!found) throw new Error(`no workflow ${name}`);
          const steps = (await admin<WorkflowStep[]>('GET', `/api/diagram/rules?id=${found.id}`))
            .body;
          return [name, { diagram: await diagramOf(name), steps }] as const;
        }),
      ),
    );
    await t.database.db.delete(workflows).where(inArray(workflows.name, secondLine));
    // A person's own workflow of a demo name keeps its name and is not replaced.
    const own = await admin<{ id: number }>('POST', '/api/diagram/create', {
      name: 'Pack WRB Bin 3 on Packer 2',
      type: 'packing',
    });
    expect(own.status).toBe(201);

    const added = await addMissingDemoWorkflows(t.database.db);
    expect(added.sort()).toEqual(
      secondLine.filter((n) => n !== 'Pack WRB Bin 3 on Packer 2').sort(),
    );
    for (const name of added) {
      const diagram = await diagramOf(name);
      const steps = (await admin<WorkflowStep[]>('GET', `/api/diagram/rules?id=${diagram.id}`))
        .body;
      const seeded = before.get(name);
      expect({ nodes: diagram.nodes, edges: diagram.edges, revision: diagram.revision }).toEqual({
        nodes: seeded?.diagram.nodes,
        edges: seeded?.diagram.edges,
        revision: 1,
      });
      const shape = (list: WorkflowStep[]) => list.map((step) => ({ ...step, id: 0 }));
      expect(shape(steps), name).toEqual(shape(seeded?.steps ?? []));
    }
    const list = (await admin<WorkflowListEntry[]>('GET', '/api/diagram/new/flow/list')).body;
    expect(list.find((w) => w.name === 'Pack WRB Bin 3 on Packer 2')).toMatchObject({
      id: own.body.id,
      reserved: false,
    });
    expect(await addMissingDemoWorkflows(t.database.db)).toEqual([]);
  });

  it('adds nothing to a plant that was never seeded with the demo', async () => {
    await t.database.db.delete(workflows);
    expect(await addMissingDemoWorkflows(t.database.db)).toEqual([]);
    expect(await t.database.db.$count(workflows)).toBe(0);
  });
});
