import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, inArray } from 'drizzle-orm';
import { DemoDeviceType, DemoInput, demoPlant } from '@roastery/contract';
import { deviceTags, deviceTypeCommands, devices, inputCommands } from '@roastery/db';
import { buildTestApp, type TestApp } from '../../test/helper.ts';
import { addMissingDemoRegisters } from './add-missing-demo-registers.ts';

/**
 * The registers a roaster gained with the roast physics, with its green lot's figures and with
 * its roasted-bean moisture meter, after the ones it always had.
 */
const gained = [
  DemoInput.EnvironmentTemperature,
  DemoInput.InletTemperature,
  DemoInput.BeanColour,
  DemoInput.FirstCrack,
  DemoInput.RoastTime,
  DemoInput.BurnerOutput,
  DemoInput.BurnerPower,
  DemoInput.Airflow,
  DemoInput.BurnerControl,
  DemoInput.GreenMoisture,
  DemoInput.GreenDensity,
  DemoInput.RoastedMoisture,
];

let t: TestApp;

beforeAll(async () => {
  t = await buildTestApp({}, { plant: true });
});
afterAll(() => t.close());

const db = () => t.database.db;

async function refOf(code: string): Promise<number> {
  const [row] = await db()
    .select({ id: devices.id })
    .from(devices)
    .where(eq(devices.deviceId, code));
  if (!row) throw new Error(`no device ${code}`);
  return row.id;
}

async function inputTagsOf(code: string) {
  return db()
    .select({ commandId: deviceTags.commandId, address: deviceTags.address })
    .from(deviceTags)
    .where(and(eq(deviceTags.deviceId, await refOf(code)), eq(deviceTags.kind, 'input')));
}

/** The database as a console seeded before the roasters had the registers. */
async function asSeededBefore(): Promise<void> {
  await db()
    .delete(deviceTags)
    .where(and(eq(deviceTags.kind, 'input'), inArray(deviceTags.commandId, gained)));
  await db()
    .delete(deviceTypeCommands)
    .where(
      and(eq(deviceTypeCommands.kind, 'input'), inArray(deviceTypeCommands.commandId, gained)),
    );
  await db().delete(inputCommands).where(inArray(inputCommands.id, gained));
}

describe('a database seeded with an older demo plant', () => {
  it("gains the roasters' new registers at the demo's addresses, once", async () => {
    const before = await inputTagsOf('R1');
    await asSeededBefore();

    const added = await addMissingDemoRegisters(db());
    expect(added).toHaveLength(2 * gained.length);
    expect(added).toContain('R2: Environment Temperature');
    expect(await inputTagsOf('R1')).toEqual(expect.arrayContaining(before));
    expect((await inputTagsOf('R1')).length).toBe(before.length);
    const offered = await db()
      .select({ commandId: deviceTypeCommands.commandId })
      .from(deviceTypeCommands)
      .where(eq(deviceTypeCommands.typeId, DemoDeviceType.Roaster));
    expect(offered.map((o) => o.commandId)).toEqual(expect.arrayContaining(gained));

    expect(await addMissingDemoRegisters(db())).toEqual([]);
  });

  it('leaves out a register whose address a person has used, and a command id used for another', async () => {
    await asSeededBefore();
    const airflow = demoPlant.tags.find(
      (tag) => tag.device_id === 'R2' && tag.command_id === DemoInput.Airflow,
    );
    if (!airflow) throw new Error('the demo plant has no Airflow on R2');
    // A person's own register on R2, at the address the demo would give 'Airflow'.
    await db().insert(inputCommands).values({ id: 900, label: 'Exhaust Damper', owner: 'app' });
    await db()
      .insert(deviceTags)
      .values({
        deviceId: await refOf('R2'),
        kind: 'input',
        commandId: 900,
        area: 'holding',
        address: airflow.address,
        dataType: 'uint16',
        scale: 1,
      });
    await db()
      .insert(inputCommands)
      .values({ id: DemoInput.BeanColour, label: 'Moisture', owner: 'plc' });

    const added = await addMissingDemoRegisters(db());
    expect(added).not.toContain('R2: Airflow');
    expect(added).toContain('R1: Airflow');
    expect(added.some((tag) => tag.endsWith('Bean Colour'))).toBe(false);
    expect(added).toHaveLength(2 * gained.length - 3);
  });
});
