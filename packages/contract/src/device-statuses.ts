import { z } from 'zod';
import { commandKind } from './commands.ts';
import { int32, INT32_MAX, INT32_MIN, wholeNumber } from './integers.ts';

export const statusPriority = z.enum(['Normal', 'low', 'high']);

export const deviceStatus = z.object({
  id: z.number().int(),
  led_id: z.number().int(),
  name: z.string(),
  color: z.string(),
  priority: statusPriority,
  type: commandKind,
  command_id: z.number().int(),
  command: z.string(),
  command_value: z.number().int(),
});
export type DeviceStatusDto = z.infer<typeof deviceStatus>;

export const deviceStatusBody = z
  .strictObject({
    led_id: wholeNumber(1, INT32_MAX, 'The status id must be a whole number, 1 or more.', {
      error: 'Please input status id!',
    }),
    name: z
      .string({ error: 'Please input status name!' })
      .trim()
      .min(1, { error: 'Please input status name!' })
      .max(60),
    color: z
      .string({ error: 'Please pick a color!' })
      .regex(/^#[0-9a-fA-F]{6}$/, { error: 'Please pick a color!' }),
    priority: statusPriority,
    type: commandKind,
    command_id: int32({ error: 'Please select a command' }).positive(),
    command_value: wholeNumber(
      INT32_MIN,
      INT32_MAX,
      'The command value must be a whole number between -2,147,483,648 and 2,147,483,647.',
      { error: 'Please input command value!' },
    ),
  })
  .refine((b) => b.type === 'input' || b.command_value === 0 || b.command_value === 1, {
    error: 'Please select command value!',
    path: ['command_value'],
  });
export type DeviceStatusBody = z.infer<typeof deviceStatusBody>;
