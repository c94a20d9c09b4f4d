import { describe, expect, it } from 'vitest';
import {
  DEMO_APP_REGISTER_OFFSET,
  DEMO_BLOCK_SIZE,
  DemoDeviceType,
  demoPlant,
  demoTransferRoutes,
} from './demo-plant.ts';
import type { PlantTag } from './plant-model.ts';
import { CAPACITY_TYPE_IDS, StandardCommand } from './plant-model.ts';

const realDevices = demoPlant.devices.filter((device) => !device.virtual);

function commandOf(tag: PlantTag) {
  const command = demoPlant.commands.find(
    (candidate) => candidate.kind === tag.command_kind && candidate.id === tag.command_id,
  );
  if (!command) throw new Error(`no command ${tag.command_kind} ${tag.command_id}`);
  return command;
}

function width(tag: PlantTag): number {
  return tag.data_type === 'uint32' || tag.data_type === 'int32' ? 2 : 1;
}

function tagsOf(deviceId: string): PlantTag[] {
  return demoPlant.tags.filter((tag) => tag.device_id === deviceId);
}

describe('demo plant', () => {
  it('has the devices of the design brief', () => {
    const ids = demoPlant.devices.map((device) => device.device_id);
    expect(ids).toEqual([
      'DS1',
      'DS2',
      'GS1',
      'GS2',
      'GS3',
      'GS4',
      'GS5',
      'GS6',
      'CL1',
      'WB1',
      'R1',
      'R2',
      'WRB1',
      'WRB2',
      'WRB3',
      'WRB4',
      'REB1',
      'PK1',
      'PK2',
      'MB1',
      'TC1',
      'TC2',
      'vbin',
      'vibin',
    ]);
    const capacities = Object.fromEntries(
      demoPlant.devices.map((device) => [device.device_id, device.capacity]),
    );
    expect(capacities.GS1).toBe(20_000);
    expect(capacities.WRB4).toBe(5_000);
    expect(realDevices).toHaveLength(22);
  });

  it('keeps the address blocks of the original devices where they were', () => {
    const blockOf = (deviceId: string) =>
      realDevices.findIndex((device) => device.device_id === deviceId);
    expect(blockOf('MB1')).toBe(19);
    expect(blockOf('TC1')).toBe(20);
    expect(blockOf('TC2')).toBe(21);
  });

  it('gives the transfer conveyors plc values before the app offset and set-points after it', () => {
    const offsets = (deviceId: string, base: number) =>
      Object.fromEntries(
        tagsOf(deviceId).map((tag) => [`${tag.area} ${commandOf(tag).label}`, tag.address - base]),
      );
    const expected = {
      'coil Manual Mode': 0,
      'coil Manual Mode Active': 1,
      'coil Start': 2,
      'coil Running': 3,
      'holding Alarm Code': 0,
      'holding Transferred Weight': 1,
      'holding Transfer State': 3,
      'holding Transfer Source': DEMO_APP_REGISTER_OFFSET,
      'holding Transfer Target': DEMO_APP_REGISTER_OFFSET + 1,
      'holding Transfer Weight': DEMO_APP_REGISTER_OFFSET + 2,
    };
    expect(offsets('TC1', 20 * DEMO_BLOCK_SIZE)).toEqual(expected);
    expect(offsets('TC2', 21 * DEMO_BLOCK_SIZE)).toEqual(expected);

    for (const tag of tagsOf('TC1').filter((candidate) => candidate.area === 'holding')) {
      const offset = tag.address - 20 * DEMO_BLOCK_SIZE;
      expect(offset < DEMO_APP_REGISTER_OFFSET, commandOf(tag).label).toBe(
        commandOf(tag).owner === 'plc',
      );
    }
    const encoding = (label: string) => {
      const tag = tagsOf('TC1').find((candidate) => commandOf(candidate).label === label);
      return { data_type: tag?.data_type, scale: tag?.scale, unit: tag && commandOf(tag).unit };
    };
    const lbs = { data_type: 'uint32', scale: 100, unit: 'lbs' };
    expect(encoding('Transfer Weight')).toEqual(lbs);
    expect(encoding('Transferred Weight')).toEqual(lbs);
    expect(encoding('Transfer Source')).toEqual({ data_type: 'uint16', scale: 1, unit: undefined });
    expect(encoding('Transfer State')).toEqual({ data_type: 'uint16', scale: 1, unit: undefined });
  });

  it('routes each transfer conveyor between devices of its own stage', () => {
    const conveyors = demoPlant.devices.filter(
      (device) => device.device_type === DemoDeviceType.TransferConveyor,
    );
    expect(conveyors.map((device) => device.device_id)).toEqual(Object.keys(demoTransferRoutes));
    expect(demoTransferRoutes.TC1).toEqual(['GS1', 'GS2', 'GS3', 'GS4', 'GS5', 'GS6']);
    expect(demoTransferRoutes.TC2).toEqual(['WRB1', 'WRB2', 'WRB3', 'WRB4', 'REB1']);
    for (const conveyor of conveyors) {
      for (const deviceId of demoTransferRoutes[conveyor.device_id] ?? []) {
        const device = realDevices.find((candidate) => candidate.device_id === deviceId);
        expect(device?.device_stage, `${conveyor.device_id} -> ${deviceId}`).toBe(
          conveyor.device_stage,
        );
      }
    }
  });

  it('gives no two tags the same register or coil, counting 32-bit values as two registers', () => {
    for (const area of ['coil', 'holding'] as const) {
      const owners = new Map<number, string>();
      for (const tag of demoPlant.tags.filter((candidate) => candidate.area === area)) {
        for (let offset = 0; offset < width(tag); offset += 1) {
          const address = tag.address + offset;
          const name = `${tag.device_id}/${commandOf(tag).label}`;
          expect(owners.get(address), `${area} ${address} used by ${name}`).toBeUndefined();
          owners.set(address, name);
        }
      }
    }
  });

  it('keeps every tag inside its device block, binary commands on coils and inputs on registers', () => {
    realDevices.forEach((device, index) => {
      for (const tag of tagsOf(device.device_id)) {
        expect(tag.area).toBe(tag.command_kind === 'binary' ? 'coil' : 'holding');
        expect(tag.address).toBeGreaterThanOrEqual(index * DEMO_BLOCK_SIZE);
        expect(tag.address + width(tag)).toBeLessThanOrEqual((index + 1) * DEMO_BLOCK_SIZE);
      }
    });
  });

  it('names, for every app command with a feedback, a plc command of the same device', () => {
    const withFeedback = demoPlant.tags.filter((tag) => tag.feedback_command_id !== undefined);
    expect(withFeedback.length).toBeGreaterThan(0);
    for (const tag of withFeedback) {
      expect(commandOf(tag).owner).toBe('app');
      const feedback = tagsOf(tag.device_id).find(
        (candidate) =>
          candidate.command_kind === tag.command_kind &&
          candidate.command_id === tag.feedback_command_id,
      );
      expect(feedback, `${tag.device_id} feedback of ${commandOf(tag).label}`).toBeDefined();
      if (feedback) expect(commandOf(feedback).owner).toBe('plc');
    }
  });

  it('gives every real device the standard commands and virtual devices no tags', () => {
    for (const device of realDevices) {
      const labels = new Map(tagsOf(device.device_id).map((tag) => [commandOf(tag).label, tag]));
      const mode = labels.get(StandardCommand.ManualMode);
      const active = labels.get(StandardCommand.ManualModeActive);
      const alarm = labels.get(StandardCommand.AlarmCode);
      expect(mode?.area, device.device_id).toBe('coil');
      expect(active?.area, device.device_id).toBe('coil');
      expect(mode?.feedback_command_id).toBe(active?.command_id);
      expect(alarm?.area, device.device_id).toBe('holding');
      if (alarm) expect(commandOf(alarm).owner).toBe('plc');
    }
    for (const device of demoPlant.devices.filter((candidate) => candidate.virtual)) {
      expect(tagsOf(device.device_id)).toEqual([]);
    }
  });

  it('puts capacities on device types 8 and 13 only, and on every device of those types', () => {
    for (const device of demoPlant.devices) {
      expect(device.capacity !== undefined, device.device_id).toBe(
        CAPACITY_TYPE_IDS.includes(device.device_type),
      );
    }
  });

  it('keeps command ids unique per kind and labels unique overall', () => {
    for (const kind of ['binary', 'input'] as const) {
      const ids = demoPlant.commands.filter((c) => c.kind === kind).map((c) => c.id);
      expect(new Set(ids).size).toBe(ids.length);
    }
    const labels = demoPlant.commands.map((command) => command.label);
    expect(new Set(labels).size).toBe(labels.length);
  });

  it('maps every tag to a command its device type offers', () => {
    for (const tag of demoPlant.tags) {
      const device = demoPlant.devices.find((candidate) => candidate.device_id === tag.device_id);
      const offered = demoPlant.typeCommands.find(
        (entry) => entry.device_type === device?.device_type && entry.kind === tag.command_kind,
      );
      expect(offered?.command_ids, `${tag.device_id}/${commandOf(tag).label}`).toContain(
        tag.command_id,
      );
    }
  });
});
