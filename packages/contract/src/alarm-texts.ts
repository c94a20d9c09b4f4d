import { z } from 'zod';
import { deviceCode } from './devices.ts';

export const alarmText = z.object({
  id: z.number().int(),
  index: z.number().int(),
  message: z.string(),
});
export type AlarmText = z.infer<typeof alarmText>;

const index = z
  .number({ error: 'Please input the Alarm ID' })
  .int({ error: 'The Alarm ID must be a whole number' })
  .min(1, { error: 'The Alarm ID must be 1 or more' })
  .max(65535, { error: 'The Alarm ID must be at most 65535' });
const message = z
  .string({ error: 'Please input the Alarm Text' })
  .trim()
  .min(1, { error: 'Please input the Alarm Text' })
  .max(500);

export const createAlarmTextBody = z.strictObject({ device_id: deviceCode, index, message });
export const updateAlarmTextBody = z.strictObject({ index, message });
export const importAlarmTextsBody = z
  .strictObject({ from_device_id: deviceCode, to_device_id: deviceCode })
  .refine((b) => b.from_device_id.toLowerCase() !== b.to_device_id.toLowerCase(), {
    error: 'Choose another device to import from',
  });
export const alarmMessageBody = z.strictObject({
  device_id: deviceCode,
  message: z.string().trim().min(1, { error: 'Please input the Alarm Text' }).max(500),
});
