import {
  DemoBinary as B,
  DemoInput as I,
  TransferState,
  type WaitDevice,
  type WorkflowType,
} from '@roastery/contract';
import { workflowSteps, workflows, type Database } from '@roastery/db';

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

/**
 * A conveyor's transfer: the console sets the route numbers and weight (dynamic values the
 * transfer service fills in), starts it and waits until the PLC reports the weight moved.
 */
const conveyorTransfer = (device: string, name: string): WorkflowSpec => ({
  name,
  type: 'moving',
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
    steps: [
      set('WRB2', B.InletGate, 1),
      set('REB1', B.DischargeGate, 1, [untilAtMost('REB1', I.Occupancy, 0)]),
      set('REB1', B.DischargeGate, 0),
      set('WRB2', B.InletGate, 0),
    ],
  },
  conveyorTransfer('TC1', 'Transfer between green silos (Green Transfer Conveyor)'),
  conveyorTransfer('TC2', 'Transfer between roasted bins (Roasted Transfer Conveyor)'),
];

/** Seeds the demo workflows as system workflows; they are plant data like any other. */
export async function seedDemoWorkflows(db: Database): Promise<void> {
  await db.transaction(async (tx) => {
    for (const spec of demoWorkflows) {
      const [created] = await tx
        .insert(workflows)
        .values({ name: spec.name, type: spec.type, isSystem: true })
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
