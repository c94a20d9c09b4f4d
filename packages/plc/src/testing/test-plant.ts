import type { PlantCommand, PlantTag } from '@roastery/contract';

/**
 * A two-device plant for the driver tests. Per device: a Start coil (app) echoed to a Running
 * coil (plc), a Speed register (app) echoed to Speed Feedback (plc), a 32-bit Weight (plc) and
 * a signed Temperature (plc). Device blocks are 10 coils / 10 registers apart.
 */
export const testCommands: PlantCommand[] = [
  { id: 1, kind: 'binary', label: 'Start', owner: 'app' },
  { id: 2, kind: 'binary', label: 'Running', owner: 'plc' },
  { id: 3, kind: 'binary', label: 'Jog', owner: 'app' },
  { id: 10, kind: 'input', label: 'Speed', owner: 'app', isSpeed: true, unit: '%' },
  { id: 11, kind: 'input', label: 'Speed Feedback', owner: 'plc', unit: '%' },
  { id: 12, kind: 'input', label: 'Weight', owner: 'plc', unit: 'lbs' },
  { id: 13, kind: 'input', label: 'Temperature', owner: 'plc', unit: '°F' },
];

export const testDevices = ['M1', 'M2'] as const;

export function testTags(devices: readonly string[] = testDevices): PlantTag[] {
  return devices.flatMap((device_id, index): PlantTag[] => {
    const coil = index * 10;
    const reg = index * 10;
    return [
      {
        device_id,
        command_kind: 'binary',
        command_id: 1,
        area: 'coil',
        address: coil,
        data_type: 'bool',
        scale: 1,
        feedback_command_id: 2,
      },
      {
        device_id,
        command_kind: 'binary',
        command_id: 2,
        area: 'coil',
        address: coil + 1,
        data_type: 'bool',
        scale: 1,
      },
      // Jog has no feedback: the console reads the app tag itself back.
      {
        device_id,
        command_kind: 'binary',
        command_id: 3,
        area: 'coil',
        address: coil + 2,
        data_type: 'bool',
        scale: 1,
      },
      {
        device_id,
        command_kind: 'input',
        command_id: 10,
        area: 'holding',
        address: reg,
        data_type: 'uint16',
        scale: 10,
        feedback_command_id: 11,
      },
      {
        device_id,
        command_kind: 'input',
        command_id: 11,
        area: 'holding',
        address: reg + 1,
        data_type: 'uint16',
        scale: 10,
      },
      {
        device_id,
        command_kind: 'input',
        command_id: 12,
        area: 'holding',
        address: reg + 2,
        data_type: 'uint32',
        scale: 100,
      },
      {
        device_id,
        command_kind: 'input',
        command_id: 13,
        area: 'holding',
        address: reg + 4,
        data_type: 'int16',
        scale: 10,
      },
    ];
  });
}
