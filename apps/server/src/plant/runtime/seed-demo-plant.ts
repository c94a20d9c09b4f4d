import {
  DemoBinary,
  DemoDeviceType,
  demoPackerRatedLbsPerHour,
  demoPlant,
  demoRoasterBatchLbs,
  demoRoasterIdealCycleMinutes,
  demoTransferRoutes,
} from '@roastery/contract';
import {
  alarmTexts,
  deviceBlocks,
  deviceStatuses,
  devices,
  transferRoutes,
  type Database,
} from '@roastery/db';
import { eq, inArray } from 'drizzle-orm';
import type { PlantRepository } from './plant-repository.ts';
import { seedDemoWorkflows } from '../../modules/workflows/seed-demo-workflows.ts';

/** Alarm texts a roaster's engineer would load into the demo plant's PLC documentation. */
const alarmTextsByType: Record<number, [number, string][]> = {
  [DemoDeviceType.Roaster]: [
    [1, 'Burner flame failure'],
    [2, 'Drum motor overload'],
    [3, 'Exhaust temperature high'],
    [4, 'Cooling tray motor overload'],
  ],
  [DemoDeviceType.GreenSilo]: [
    [1, 'High level switch'],
    [2, 'Discharge gate did not open'],
    [3, 'Inlet gate did not close'],
  ],
  [DemoDeviceType.WrbBin]: [
    [1, 'High level switch'],
    [2, 'Discharge gate did not open'],
  ],
  [DemoDeviceType.DumpStation]: [
    [1, 'Scale out of calibration'],
    [2, 'Conveyor motor overload'],
  ],
  [DemoDeviceType.Packer]: [
    [1, 'Film roll empty'],
    [2, 'Seal jaw temperature low'],
  ],
};

const blocksByType: Record<number, string[]> = {
  [DemoDeviceType.GreenSilo]: ['Block intake', 'Block discharge'],
  [DemoDeviceType.WrbBin]: ['Block intake', 'Block discharge'],
};

/**
 * Seeds the demo plant on an empty database: the address map, alarm texts, blocks, statuses,
 * the roasters' and packers' nameplates OEE measures them against, and the demo workflows that
 * run on it.
 */
export async function seedDemoPlant(db: Database, plant: PlantRepository): Promise<boolean> {
  if (!(await plant.isEmpty())) return false;
  await plant.seed(demoPlant);
  const rows = await db
    .select({ id: devices.id, typeId: devices.typeId })
    .from(devices)
    .where(
      inArray(devices.typeId, Object.keys({ ...alarmTextsByType, ...blocksByType }).map(Number)),
    );
  const texts = rows.flatMap((d) =>
    (alarmTextsByType[d.typeId] ?? []).map(([index, message]) => ({
      deviceId: d.id,
      index,
      message,
    })),
  );
  const blocks = rows.flatMap((d) =>
    (blocksByType[d.typeId] ?? []).map((label) => ({ deviceId: d.id, label })),
  );
  if (texts.length) await db.insert(alarmTexts).values(texts);
  if (blocks.length) await db.insert(deviceBlocks).values(blocks);
  await db.insert(deviceStatuses).values([
    {
      ledId: 1,
      name: 'Running',
      color: '#389e0d',
      priority: 'Normal',
      kind: 'binary',
      commandId: DemoBinary.Running,
      commandValue: 1,
    },
    {
      ledId: 2,
      name: 'Manual',
      color: '#d48806',
      priority: 'high',
      kind: 'binary',
      commandId: DemoBinary.ManualModeActive,
      commandValue: 1,
    },
    {
      ledId: 3,
      name: 'Burner on',
      color: '#cf1322',
      priority: 'Normal',
      kind: 'binary',
      commandId: DemoBinary.BurnerOn,
      commandValue: 1,
    },
    {
      ledId: 4,
      name: 'Gate open',
      color: '#1677ff',
      priority: 'low',
      kind: 'binary',
      commandId: DemoBinary.DischargeGateOpened,
      commandValue: 1,
    },
  ]);
  const refs = new Map(
    (await db.select({ id: devices.id, code: devices.deviceId }).from(devices)).map((d) => [
      d.code,
      d.id,
    ]),
  );
  const ref = (code: string): number => {
    const id = refs.get(code);
    if (id === undefined) throw new Error(`the demo plant has no device ${code}`);
    return id;
  };
  await db.insert(transferRoutes).values(
    Object.entries(demoTransferRoutes).flatMap(([conveyor, routes]) =>
      routes.map((code, index) => ({
        conveyorDevice: ref(conveyor),
        routeNo: index + 1,
        device: ref(code),
      })),
    ),
  );
  for (const [code, batchCapacity] of Object.entries(demoRoasterBatchLbs)) {
    await db
      .update(devices)
      .set({ batchCapacity, idealCycleMinutes: demoRoasterIdealCycleMinutes[code] ?? null })
      .where(eq(devices.id, ref(code)));
  }
  for (const [code, ratedLbsPerHour] of Object.entries(demoPackerRatedLbsPerHour)) {
    await db
      .update(devices)
      .set({ ratedLbsPerHour })
      .where(eq(devices.id, ref(code)));
  }
  await seedDemoWorkflows(db);
  return true;
}
