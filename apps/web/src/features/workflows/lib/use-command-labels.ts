import { useMemo } from 'react';
import { useCommandList } from '../../../lib/get-command-list.ts';
import type { CommandKind } from './command-options.ts';

/** Names a command by its kind and id, from the plant's command list; '#id' until it loads. */
export function useCommandLabels(): (kind: CommandKind, id: number) => string {
  const commands = useCommandList();
  return useMemo(() => {
    const binary = new Map(commands.data?.binary.map((c) => [c.command_id, c.command_label]));
    const input = new Map(
      commands.data?.inputs.map((c) => [c.command_input_id, c.command_input_label]),
    );
    return (kind, id) => (kind === 'binary' ? binary.get(id) : input.get(id)) ?? `#${id}`;
  }, [commands.data]);
}
