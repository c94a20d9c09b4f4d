import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DemoBinary, DemoDeviceType, Role } from '@roastery/contract';
import { buildTestApp, eventually, seedDemoPlant, type TestApp } from '../../../test/helper.ts';
import type { PlantCatalog } from '../../plant/catalog/plant-catalog.ts';

const packerBinary = (catalog: PlantCatalog | undefined) =>
  catalog?.definition.typeCommands
    .find((c) => c.device_type === DemoDeviceType.Packer && c.kind === 'binary')
    ?.command_ids.toSorted((a, b) => a - b);

const saved = [DemoBinary.ManualMode, DemoBinary.Start, DemoBinary.ManualModeActive].toSorted(
  (a, b) => a - b,
);
const body = {
  app: `${DemoBinary.ManualMode},${DemoBinary.Start}`,
  plc: String(DemoBinary.ManualModeActive),
};

describe("a device type's commands, with the plant running", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({}, { plant: true });
  });
  afterAll(() => t.close());

  it('reach the catalog as soon as the change is saved, on the same PLC connection', async () => {
    const connected = await eventually(() => {
      const health = t.services.runtime.health();
      return health?.state === 'connected' && health;
    }, 'the PLC connection');
    const before = t.services.runtime.catalog();
    expect(packerBinary(before)).not.toEqual(saved);
    const reply = await t.as(Role.Administrator)(
      'POST',
      `/api/command/type/${DemoDeviceType.Packer}/binary`,
      body,
    );
    expect(reply.status).toBe(200);
    const after = t.services.runtime.catalog();
    expect(packerBinary(after)).toEqual(saved);
    // The address map is unchanged, so its lookups are too; only the type's commands moved.
    expect(after?.definition.tags).toEqual(before?.definition.tags);
    expect(t.services.runtime.health()).toMatchObject({
      state: 'connected',
      stateSince: connected.stateSince,
    });
  });
});

describe("a device type's commands, with the plant stopped", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
    await seedDemoPlant(t.database.db, t.services.plant);
  });
  afterAll(() => t.close());

  it('are saved without starting a PLC connection', async () => {
    const reply = await t.as(Role.Administrator)(
      'POST',
      `/api/command/type/${DemoDeviceType.Packer}/binary`,
      body,
    );
    expect(reply.status).toBe(200);
    expect(t.services.runtime.catalog()).toBeUndefined();
    expect(t.services.runtime.health()).toBeUndefined();
  });
});
