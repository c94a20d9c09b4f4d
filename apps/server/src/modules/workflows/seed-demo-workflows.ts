import {
  DemoBinary as B,
  DemoInput as I,
  demoRoasterBatchLbs,
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
 * A roast along the demo's bean path, from Green Silo `silo` on Roaster `roaster` into WRB Bin
 * `bin`: the roaster's batch size written to it, the burner set-point as the person starting it
 * holds it, a charge through the cleaner / destoner until the drum weighs the batch, the roast
 * until the beans reach 400 °F, then the drop and the cooling tray emptying into the bin.
 */
function roast(silo: number, roaster: number, bin: number): WorkflowSpec {
  const [gs, r, wrb] = [`GS${silo}`, `R${roaster}`, `WRB${bin}`];
  const batchLbs = demoRoasterBatchLbs[r];
  if (batchLbs === undefined) throw new Error(`the demo plant has no batch size for ${r}`);
  return {
    name: `Roast Green Silo ${silo} on Roaster ${roaster} into WRB Bin ${bin}`,
    type: 'roasting',
    // Through the cleaner / destoner into the roaster, whose waste drops into the waste bin.
    diagram: {
      devices: [
        { device: gs, col: 0, row: 0 },
        { device: 'CL1', col: 1, row: 0 },
        { device: r, col: 2, row: 0 },
        { device: 'WB1', col: 2, row: 1 },
        { device: wrb, col: 3, row: 0 },
      ],
      flows: [
        { from: gs, to: 'CL1' },
        { from: 'CL1', to: r },
        { from: 'CL1', to: 'WB1' },
        { from: r, to: wrb },
      ],
    },
    steps: [
      { device: r, input: I.BatchSize, value: batchLbs },
      { device: r, input: I.BurnerSetPoint, dynamic: true },
      set(r, B.Drum, 1),
      set(r, B.Burner, 1),
      set('CL1', B.Start, 1),
      set(r, B.ChargeGate, 1),
      set(gs, B.DischargeGate, 1, [untilAtLeast(r, I.GreenWeight, batchLbs)]),
      set(gs, B.DischargeGate, 0),
      set(r, B.ChargeGate, 0),
      set('CL1', B.Start, 0, [untilAtLeast(r, I.BeanTemperature, 400)]),
      set(r, B.Burner, 0),
      set(wrb, B.InletGate, 1),
      set(r, B.DropDoor, 1),
      set(r, B.DropDoor, 0),
      set(r, B.CoolingTray, 1, [untilAtMost(r, I.Phase, 0)]),
      set(r, B.CoolingTray, 0),
      set(wrb, B.InletGate, 0),
      set(r, B.Drum, 0),
    ],
  };
}

/** How a packing workflow readies the device that bags and stops it again. */
interface Bagger {
  device: string;
  start: StepSpec[];
  stop: StepSpec;
}

/** A packer: 5 lb bags, at the packing speed the person starting it holds. */
const packer = (device: string): Bagger => ({
  device,
  start: [
    { device, input: I.BagSize, value: 5 },
    { device, input: I.PackingSpeed, dynamic: true },
    set(device, B.Start, 1),
  ],
  stop: set(device, B.Start, 0),
});

/** The manual bagging station: 25 lb bags filled by hand, as fast as the bin lets beans out. */
const manualBagging = (device: string): Bagger => ({
  device,
  start: [{ device, input: I.BagSize, value: 25 }, set(device, B.Open, 1)],
  stop: set(device, B.Open, 0),
});

/** Packing a bin until it is empty; a packing order holds the discharge open for its quantity. */
const pack = (bin: string, bagger: Bagger, name: string): WorkflowSpec => ({
  name,
  type: 'packing',
  diagram: straightPath(bin, bagger.device),
  steps: [
    ...bagger.start,
    set(bin, B.DischargeGate, 1, [untilAtMost(bin, I.Occupancy, 0)]),
    set(bin, B.DischargeGate, 0),
    bagger.stop,
  ],
});

/**
 * The demo workflows, along the paths the plant simulator moves beans on: bags tipped at either
 * dump station into each green silo; a 500 lb roast on Roaster 1 from Green Silo 1 into WRB Bin 1
 * and a 250 lb one on Roaster 2 from Green Silo 4 (the single origin of 250 lb batches) into WRB
 * Bin 3; WRB Bin 1 packed on Packer 1 or bagged by hand, WRB Bin 3 packed on Packer 2; rework
 * from the re-entry bin into WRB Bin 2; and the silo-to-silo transfer of each transfer conveyor.
 */
export const demoWorkflows: WorkflowSpec[] = [
  // One dumping workflow per station and green silo: acknowledging a dump runs one of its silo.
  ...['DS1', 'DS2'].flatMap((station) =>
    [1, 2, 3, 4, 5, 6].map((n): WorkflowSpec => ({
      name: `Dump ${station} into Green Silo ${n}`,
      type: 'dumping',
      diagram: straightPath(station, `GS${n}`),
      steps: [
        set(`GS${n}`, B.InletGate, 1),
        set(station, B.Start, 1, [untilAtMost(station, I.ScaleWeight, 0)]),
        set(station, B.Start, 0),
        set(`GS${n}`, B.InletGate, 0),
      ],
    })),
  ),
  roast(1, 1, 1),
  roast(4, 2, 3),
  pack('WRB1', packer('PK1'), 'Pack WRB Bin 1 on Packer 1'),
  // Named to sort after Packer 1's: a packing order that names no workflow takes the first.
  pack('WRB1', manualBagging('MB1'), 'Pack WRB Bin 1 on the Manual Bagging Station'),
  pack('WRB3', packer('PK2'), 'Pack WRB Bin 3 on Packer 2'),
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

/** Stores one demo workflow as a system workflow, with its steps and its drawn diagram. */
async function insertDemoWorkflow(
  tx: Executor,
  spec: WorkflowSpec,
  nameOf: (code: string) => string,
): Promise<void> {
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

/** Seeds the demo workflows as system workflows, with their diagrams; plant data like any other. */
export async function seedDemoWorkflows(tx: Executor): Promise<void> {
  const nameOf = await deviceNames(tx);
  for (const spec of demoWorkflows) await insertDemoWorkflow(tx, spec, nameOf);
}

/** Every device a demo workflow drives, waits on or shows on its diagram. */
const devicesOf = (spec: WorkflowSpec): string[] => [
  ...spec.steps.flatMap((s) => [s.device, ...(s.waits ?? []).map((w) => w.device_id)]),
  ...spec.diagram.devices.map((d) => d.device),
];

/**
 * Adds the demo workflows that a console seeded by an earlier version of the demo lacks (the
 * second roaster's, dump station's and packer's, and the manual bagging station's), as the
 * first start seeds them. Only on a console seeded with the demo (it holds a system workflow of
 * a demo name; system workflows cannot be deleted, so a missing one was never seeded), only
 * where no workflow has the name yet, and only when the plant still has every device the
 * workflow uses. Returns the names of the workflows it added.
 */
export async function addMissingDemoWorkflows(db: Database): Promise<string[]> {
  return db.transaction(async (tx) => {
    const existing = await tx
      .select({ name: workflows.name, isSystem: workflows.isSystem })
      .from(workflows);
    const demoNames = new Set(demoWorkflows.map((spec) => spec.name.toLowerCase()));
    if (!existing.some((w) => w.isSystem && demoNames.has(w.name.toLowerCase()))) return [];
    const taken = new Set(existing.map((w) => w.name.toLowerCase()));
    const codes = new Set(
      (await tx.select({ code: devices.deviceId }).from(devices)).map((d) => d.code),
    );
    const nameOf = await deviceNames(tx);
    const added: string[] = [];
    for (const spec of demoWorkflows) {
      if (taken.has(spec.name.toLowerCase())) continue;
      if (!devicesOf(spec).every((code) => codes.has(code))) continue;
      await insertDemoWorkflow(tx, spec, nameOf);
      added.push(spec.name);
    }
    return added;
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
