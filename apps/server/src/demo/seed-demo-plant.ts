import {
  DemoBinary,
  DemoDeviceType,
  demoPackerRatedLbsPerHour,
  demoPlant,
  demoRoasterBatchLbs,
  demoRoasterIdealCycleMinutes,
  demoTransferRoutes,
} from '@roastery/contract';
import type { Database } from '@roastery/db';
import { seedAlarmTexts } from '../modules/alarm-texts/seed-alarm-texts.ts';
import { seedCommandCatalogue } from '../modules/commands/seed-command-catalogue.ts';
import { seedDeviceStatuses } from '../modules/device-statuses/seed-device-statuses.ts';
import { seedDevices, type Nameplate } from '../modules/devices/seed-devices.ts';
import { seedTransferRoutes } from '../modules/transfers/seed-transfer-routes.ts';
import { seedDemoWorkflows } from '../modules/workflows/seed-demo-workflows.ts';
import type { PlantRepository } from '../plant/runtime/plant-repository.ts';

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

const demoStatuses: Parameters<typeof seedDeviceStatuses>[1] = [
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
];

/** The demo lines' nameplates, by device code: roasters' batch and ideal cycle, packers' rate. */
function demoNameplates(): Record<string, Nameplate> {
  const plates: Record<string, Nameplate> = {};
  for (const [code, batchCapacity] of Object.entries(demoRoasterBatchLbs)) {
    plates[code] = { batchCapacity, idealCycleMinutes: demoRoasterIdealCycleMinutes[code] ?? null };
  }
  for (const [code, ratedLbsPerHour] of Object.entries(demoPackerRatedLbsPerHour)) {
    plates[code] = { ...plates[code], ratedLbsPerHour };
  }
  return plates;
}

/**
 * Seeds the demo plant on an empty database, in one transaction and each table through the area
 * that owns it: the address map, blocks and nameplates (devices), device types and commands
 * (commands), alarm texts, status lights, the conveyors' routes (transfers) and the demo
 * workflows that run on it. False when the database already holds a plant.
 */
export async function seedDemoPlant(db: Database, plant: PlantRepository): Promise<boolean> {
  if (!(await plant.isEmpty())) return false;
  await db.transaction(async (tx) => {
    await seedCommandCatalogue(tx, demoPlant);
    const ids = await seedDevices(tx, demoPlant, {
      blocksByType,
      nameplates: demoNameplates(),
    });
    const idOf = (code: string): number => {
      const id = ids.get(code);
      if (id === undefined) throw new Error(`the demo plant has no device ${code}`);
      return id;
    };
    await seedAlarmTexts(
      tx,
      demoPlant.devices.flatMap((d) =>
        (alarmTextsByType[d.device_type] ?? []).map(([index, message]) => ({
          deviceId: idOf(d.device_id),
          index,
          message,
        })),
      ),
    );
    await seedDeviceStatuses(tx, demoStatuses);
    await seedTransferRoutes(tx, demoTransferRoutes, idOf);
    await seedDemoWorkflows(tx);
  });
  return true;
}
