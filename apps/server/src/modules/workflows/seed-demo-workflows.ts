import {
  DemoBinary as B,
  DemoInput as I,
  demoTransferRoutes,
  TransferState,
  type WaitDevice,
  type WorkflowType,
} from '@roastery/contract';
import { and, eq, sql } from 'drizzle-orm';
import { devices, workflowSteps, workflows, type Database, type Executor } from '@roastery/db';
import {
  conveyorDiagram,
  layOutDiagram,
  straightPath,
  type DiagramSpec,
} from './workflow-diagram-layout.ts';

interface StepSpec {
  device: string;
  binary?: number;
  input?: number;
  value?: number;
  dynamic?: boolean;
  /** Wait for the PLC feedback (true by default: a demo should see every move happen). */
  waitFinish?: boolean;
  waits?: Omit<WaitDevice, 'is_silo'>[];
}

interface WorkflowSpec {
  name: string;
  type: WorkflowType;
  steps: StepSpec[];
  /** What people see in the designer and on the dashboard: the devices and how beans flow. */
  diagram: DiagramSpec;
}

const set = (
  device: string,
  binary: number,
  value: 0 | 1,
  waits?: StepSpec['waits'],
): StepSpec => ({
  device,
  binary,
  value,
  ...(waits ? { waits } : {}),
});
const untilAtMost = (
  device_id: string,
  command_id: number,
  value: number,
): Omit<WaitDevice, 'is_silo'> => ({
  device_id,
  type: 'input',
  command_id,
  condition: '<=',
  command_value: value,
});
const untilAtLeast = (
  device_id: string,
  command_id: number,
  value: number,
): Omit<WaitDevice, 'is_silo'> => ({
  device_id,
  type: 'input',
  command_id,
  condition: '>=',
  command_value: value,
});

function routesOf(conveyor: string): string[] {
  const routes = demoTransferRoutes[conveyor];
  if (!routes) throw new Error(`the demo plant has no route table for ${conveyor}`);
  return routes;
}

/**
 * A conveyor's transfer: the console sets the route numbers and weight (dynamic values the
 * transfer service fills in), starts it and waits until the PLC reports the weight moved.
 */
const conveyorTransfer = (device: string, name: string, routes: string[]): WorkflowSpec => ({
  name,
  type: 'moving',
  diagram: conveyorDiagram(device, routes),
  steps: [
    { device, input: I.TransferSource, dynamic: true },
    { device, input: I.TransferTarget, dynamic: true },
    { device, input: I.TransferWeight, dynamic: true },
    set(device, B.Start, 1, [
      {
        device_id: device,
        type: 'input',
        command_id: I.TransferState,
        condition: '=',
        command_value: TransferState.Done,
      },
    ]),
    set(device, B.Start, 0),
  ],
});

/**
 * The demo workflows, along the paths the plant simulator moves beans on: bags tipped at a
 * dump station into each green silo; a 500 lb roast on Roaster 1 from Green Silo 1 into WRB
 * Bin 1; packing WRB Bin 1 on Packer 1; rework from the re-entry bin into WRB Bin 2; and the
 * silo-to-silo transfer of each transfer conveyor.
 */
export const demoWorkflows: WorkflowSpec[] = [
  // One dumping workflow per green silo: acknowledging a dump runs the one of its silo.
  ...[1, 2, 3, 4, 5, 6].map((n): WorkflowSpec => ({
    name: `Dump DS1 into Green Silo ${n}`,
    type: 'dumping',
    diagram: straightPath('DS1', `GS${n}`),
    steps: [
      set(`GS${n}`, B.InletGate, 1),
      set('DS1', B.Start, 1, [untilAtMost('DS1', I.ScaleWeight, 0)]),
      set('DS1', B.Start, 0),
      set(`GS${n}`, B.InletGate, 0),
    ],
  })),
  {
    name: 'Roast Green Silo 1 on Roaster 1 into WRB Bin 1',
    type: 'roasting',
    // Through the cleaner / destoner into the roaster, whose waste drops into the waste bin.
    diagram: {
      devices: [
        { device: 'GS1', col: 0, row: 0 },
        { device: 'CL1', col: 1, row: 0 },
        { device: 'R1', col: 2, row: 0 },
        { device: 'WB1', col: 2, row: 1 },
        { device: 'WRB1', col: 3, row: 0 },
      ],
      flows: [
        { from: 'GS1', to: 'CL1' },
        { from: 'CL1', to: 'R1' },
        { from: 'CL1', to: 'WB1' },
        { from: 'R1', to: 'WRB1' },
      ],
    },
    steps: [
      { device: 'R1', input: I.BatchSize, value: 500 },
      { device: 'R1', input: I.BurnerSetPoint, dynamic: true },
      set('R1', B.Drum, 1),
      set('R1', B.Burner, 1),
      set('CL1', B.Start, 1),
      set('R1', B.ChargeGate, 1),
      set('GS1', B.DischargeGate, 1, [untilAtLeast('R1', I.GreenWeight, 500)]),
      set('GS1', B.DischargeGate, 0),
      set('R1', B.ChargeGate, 0),
      set('CL1', B.Start, 0, [untilAtLeast('R1', I.BeanTemperature, 400)]),
      set('R1', B.Burner, 0),
      set('WRB1', B.InletGate, 1),
      set('R1', B.DropDoor, 1),
      set('R1', B.DropDoor, 0),
      set('R1', B.CoolingTray, 1, [untilAtMost('R1', I.Phase, 0)]),
      set('R1', B.CoolingTray, 0),
      set('WRB1', B.InletGate, 0),
      set('R1', B.Drum, 0),
    ],
  },
  {
    name: 'Pack WRB Bin 1 on Packer 1',
    type: 'packing',
    diagram: straightPath('WRB1', 'PK1'),
    steps: [
      { device: 'PK1', input: I.BagSize, value: 5 },
      { device: 'PK1', input: I.PackingSpeed, dynamic: true },
      set('PK1', B.Start, 1),
      set('WRB1', B.DischargeGate, 1, [untilAtMost('WRB1', I.Occupancy, 0)]),
      set('WRB1', B.DischargeGate, 0),
      set('PK1', B.Start, 0),
    ],
  },
  {
    name: 'Rework: Re-entry Bin into WRB Bin 2',
    type: 'moving',
    diagram: straightPath('REB1', 'WRB2'),
    steps: [
      set('WRB2', B.InletGate, 1),
      set('REB1', B.DischargeGate, 1, [untilAtMost('REB1', I.Occupancy, 0)]),
      set('REB1', B.DischargeGate, 0),
      set('WRB2', B.InletGate, 0),
    ],
  },
  conveyorTransfer(
    'TC1',
    'Transfer between green silos (Green Transfer Conveyor)',
    routesOf('TC1'),
  ),
  conveyorTransfer(
    'TC2',
    'Transfer between roasted bins (Roasted Transfer Conveyor)',
    routesOf('TC2'),
  ),
];

/** The names of the plant's devices by code, as the diagrams label their nodes. */
async function deviceNames(db: Executor): Promise<(code: string) => string> {
  const names = new Map(
    (await db.select({ code: devices.deviceId, name: devices.name }).from(devices)).map((d) => [
      d.code,
      d.name,
    ]),
  );
  return (code) => {
    const name = names.get(code);
    if (name === undefined) throw new Error(`the plant has no device ${code}`);
    return name;
  };
}

/** Seeds the demo workflows as system workflows, with their diagrams; plant data like any other. */
export async function seedDemoWorkflows(db: Database): Promise<void> {
  await db.transaction(async (tx) => {
    const nameOf = await deviceNames(tx);
    for (const spec of demoWorkflows) {
      const [created] = await tx
        .insert(workflows)
        .values({
          name: spec.name,
          type: spec.type,
          isSystem: true,
          ...layOutDiagram(spec.diagram, nameOf),
        })
        .returning({ id: workflows.id });
      if (!created) throw new Error('insert returned no row');
      await tx.insert(workflowSteps).values(
        spec.steps.map((s, index) => ({
          workflowId: created.id,
          sortNo: index + 1,
          deviceId: s.device,
          type: s.binary !== undefined ? ('binary' as const) : ('input' as const),
          commandId: s.binary ?? s.input ?? 0,
          commandValue: s.value ?? 0,
          dynamic: s.dynamic ?? false,
          waitFinish: s.waitFinish ?? true,
          waitDevice: (s.waits ?? []).map((w) => ({ ...w, is_silo: false })),
        })),
      );
    }
  });
}

const sameSet = (a: Iterable<string>, b: Iterable<string>) => {
  const left = new Set(a);
  const right = new Set(b);
  return left.size === right.size && [...left].every((x) => right.has(x));
};

/**
 * Draws the diagram of each demo workflow that a console seeded before diagrams were part of the
 * demo (docs/decisions/0011-demo-diagrams-and-opening-stock.md): a system workflow of a demo name
 * whose diagram nobody has saved (revision 1, no nodes, no edges) and whose steps still drive the
 * demo's devices, on a plant that still has every device the diagram shows. Anything a person
 * changed is left alone. Returns the names of the workflows it drew.
 */
export async function addMissingDemoDiagrams(db: Database): Promise<string[]> {
  return db.transaction(async (tx) => {
    const codes = new Set(
      (await tx.select({ code: devices.deviceId }).from(devices)).map((d) => d.code),
    );
    const nameOf = await deviceNames(tx);
    const drawn: string[] = [];
    for (const spec of demoWorkflows) {
      const [row] = await tx
        .select({ id: workflows.id, nodes: workflows.nodes, edges: workflows.edges })
        .from(workflows)
        .where(
          and(
            eq(workflows.isSystem, true),
            eq(sql`lower(${workflows.name})`, spec.name.toLowerCase()),
            eq(workflows.revision, 1),
          ),
        );
      if (!row || row.nodes.length > 0 || row.edges.length > 0) continue;
      const steps = await tx
        .select({ device: workflowSteps.deviceId })
        .from(workflowSteps)
        .where(eq(workflowSteps.workflowId, row.id));
      if (
        !sameSet(
          steps.map((s) => s.device),
          spec.steps.map((s) => s.device),
        )
      )
        continue;
      if (!spec.diagram.devices.every((d) => codes.has(d.device))) continue;
      await tx
        .update(workflows)
        .set({
          ...layOutDiagram(spec.diagram, nameOf),
          revision: sql`${workflows.revision} + 1`,
          updatedAt: new Date(),
        })
        .where(eq(workflows.id, row.id));
      drawn.push(spec.name);
    }
    return drawn;
  });
}
