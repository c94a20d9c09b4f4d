import { describe, expect, it } from 'vitest';
import { DemoBinary, DemoInput, demoPlant, type PlantDefinition } from '@roastery/contract';
import { PlantCatalog, STANDARD_COMMANDS, type CommandRole } from './plant-catalog.ts';

describe('PlantCatalog', () => {
  const catalog = new PlantCatalog(demoPlant);

  it('finds every standard command of the demo plant by role', () => {
    for (const role of Object.keys(STANDARD_COMMANDS) as CommandRole[]) {
      // No demo roaster has a water quench: a plant's own address map may.
      if (role === 'quench') expect(catalog.commandFor(role)).toBeUndefined();
      else expect(catalog.commandFor(role), role).toBeDefined();
    }
    expect(catalog.commandFor('occupancy')).toMatchObject({
      kind: 'input',
      id: DemoInput.Occupancy,
    });
    expect(catalog.commandFor('manual-mode-active')).toMatchObject({
      kind: 'binary',
      id: DemoBinary.ManualModeActive,
    });
    expect(catalog.roleOf('input', DemoInput.TransferState)).toBe('transfer-state');
    expect(catalog.roleOf('input', DemoInput.DrumSpeed)).toBeUndefined();
    // A binary and an input command may share an id: the kind tells them apart.
    expect(catalog.roleOf('binary', DemoInput.Occupancy)).not.toBe('occupancy');
  });

  it("answers a device's tag for a role only when the device has that command", () => {
    expect(catalog.refOf('GS1', 'occupancy')).toEqual({
      device_id: 'GS1',
      command_kind: 'input',
      command_id: DemoInput.Occupancy,
    });
    expect(catalog.refOf('GS1', 'transfer-state')).toBeUndefined();
    expect(catalog.refOf('TC1', 'transfer-state')).toMatchObject({ device_id: 'TC1' });
    expect(catalog.refOf('nowhere', 'occupancy')).toBeUndefined();
  });

  it('looks devices, commands and tags up by code and id', () => {
    expect(catalog.device('GS1')?.device_name).toBe('Green Silo 1');
    expect(catalog.device('gs1')).toBeUndefined();
    expect(catalog.command('input', DemoInput.ScaleWeight)?.label).toBe('Scale Weight');
    expect(catalog.labelOf('input', 999)).toBe('input 999');
    expect(
      catalog.tag({ device_id: 'GS1', command_kind: 'input', command_id: DemoInput.Occupancy }),
    ).toMatchObject({ area: 'holding' });
  });

  it('follows the address map it was built from: a renamed command loses its role', () => {
    const renamed: PlantDefinition = {
      ...demoPlant,
      commands: demoPlant.commands.map((c) =>
        c.kind === 'input' && c.id === DemoInput.Occupancy ? { ...c, label: 'Level' } : c,
      ),
    };
    const changed = new PlantCatalog(renamed);
    expect(changed.commandFor('occupancy')).toBeUndefined();
    expect(changed.refOf('GS1', 'occupancy')).toBeUndefined();
    expect(changed.labelOf('input', DemoInput.Occupancy)).toBe('Level');
    // The catalog it replaces is unchanged.
    expect(catalog.commandFor('occupancy')?.label).toBe('Occupancy');
  });
});
