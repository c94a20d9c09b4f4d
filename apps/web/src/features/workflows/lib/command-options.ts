import type { WorkflowStep } from '@roastery/contract';
import type { DeviceCommands } from '../api/get-device-commands.ts';

export type CommandKind = WorkflowStep['type'];

export const commandKindLabels: Record<CommandKind, string> = {
  binary: 'Binary',
  input: 'Input',
};

export const INVALID_LABEL = 'Invalid label';

export interface CommandOption {
  value: number;
  label: string;
}

/**
 * The commands of a device of one kind as select options. A step writes, so it may use only
 * the console's (app) commands; a wait reads, so it may use the PLC's feedback too.
 */
export function commandOptions(
  commands: DeviceCommands | undefined,
  kind: CommandKind,
  use: 'write' | 'wait',
): CommandOption[] {
  if (!commands) return [];
  const list =
    kind === 'binary'
      ? commands.binary.map((c) => ({
          id: c.command_id,
          label: c.command_label,
          owner: c.command_owner,
        }))
      : commands.input.map((c) => ({
          id: c.command_input_id,
          label: c.command_input_label,
          owner: c.command_owner,
        }));
  return list
    .filter((command) => use === 'wait' || command.owner === 'app')
    .map((command) => ({
      value: command.id,
      label: command.owner === 'plc' ? `${command.label} (PLC)` : command.label,
    }));
}

/**
 * A form rule: the chosen command must exist for the device, which it may not after the device
 * changed. Nothing is checked until the device's commands have loaded.
 */
export function existingCommandRule(options: CommandOption[] | undefined) {
  return {
    validator: async (_rule: unknown, value: unknown) => {
      if (value === undefined || value === null || !options) return;
      if (!options.some((option) => option.value === value)) throw new Error(INVALID_LABEL);
    },
  };
}
