import { z } from 'zod';
import { deviceCode } from './devices.ts';
import { wholeNumber } from './integers.ts';

export const simulatorState = z.object({
  running: z.boolean(),
  /** Why it is not running, for the page to show. */
  message: z.string().nullable(),
  port: z.number().int().nullable(),
  devices: z.array(
    z.object({
      device_id: z.string(),
      device_name: z.string(),
      alarm_code: z.number().int(),
      values: z.array(
        z.object({
          label: z.string(),
          kind: z.enum(['binary', 'input']),
          owner: z.enum(['app', 'plc']),
          value: z.number(),
        }),
      ),
    }),
  ),
});
export type SimulatorState = z.infer<typeof simulatorState>;

export const simulatorAlarmBody = z.strictObject({
  device_id: deviceCode,
  /** 0 clears the device's alarm. */
  code: wholeNumber(0, 65535, 'An alarm code must be a whole number between 0 and 65,535.'),
});

export const simulatorValueBody = z.strictObject({
  device_id: deviceCode,
  label: z.string().min(1).max(80),
  value: z.number().finite(),
});
