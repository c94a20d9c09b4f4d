import { z } from 'zod';
import { int32, pathId } from './integers.ts';

export const commandOwner = z.enum(['app', 'plc']);
export const commandKind = z.enum(['binary', 'input']);

export const binaryCommand = z.object({
  command_id: z.number().int(),
  command_label: z.string(),
  command_owner: commandOwner,
});
export const inputCommand = z.object({
  command_input_id: z.number().int(),
  command_input_label: z.string(),
  command_owner: commandOwner,
  is_speed: z.boolean(),
  unit: z.string(),
});
export type BinaryCommandDto = z.infer<typeof binaryCommand>;
export type InputCommandDto = z.infer<typeof inputCommand>;

export const commandList = z.object({
  binary: z.array(binaryCommand),
  inputs: z.array(inputCommand),
});
export type CommandList = z.infer<typeof commandList>;

const idsByOwner = z.object({ app: z.array(z.number().int()), plc: z.array(z.number().int()) });

export const deviceTypeCommands = z.object({
  id: z.number().int(),
  name: z.string(),
  image: z.string(),
  binary: idsByOwner,
  input: idsByOwner,
});
export type DeviceTypeCommands = z.infer<typeof deviceTypeCommands>;

export const typeCommandParams = z.strictObject({
  id: pathId('Device type'),
  kind: commandKind,
});

export const AT_LEAST_ONE_COMMAND = 'Please select at least one app or plc command';

const commaIds = z
  .string()
  .regex(/^(\d+(,\d+)*)?$/, { error: 'Use command ids separated by commas' })
  .transform((s) => (s ? s.split(',').map(Number) : []))
  .pipe(z.array(int32()));

/** Spec: the app and plc command ids of a device type, each comma-joined. */
export const saveTypeCommandsBody = z
  .strictObject({ app: commaIds, plc: commaIds })
  .refine((b) => b.app.length + b.plc.length > 0, { error: AT_LEAST_ONE_COMMAND });

export const deviceCommandsReply = z.object({
  binary: z.array(binaryCommand),
  input: z.array(inputCommand),
});
