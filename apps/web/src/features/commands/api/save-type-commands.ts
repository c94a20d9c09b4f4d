import { useMutation, useQueryClient } from '@tanstack/react-query';
import { messageReply, type CommandKind, type MessageReply } from '@roastery/contract';
import { apiRequest } from '../../../lib/api-client.ts';
import { commandsQueryKey } from '../../../lib/get-command-list.ts';

export interface SaveTypeCommandsInput {
  typeId: number;
  kind: CommandKind;
  app: number[];
  plc: number[];
}

/**
 * Replaces a device type's commands of one kind. The server takes comma-joined ids and answers
 * 400 'Please select at least one app or plc command' when both lists are empty.
 */
export function saveTypeCommands({
  typeId,
  kind,
  app,
  plc,
}: SaveTypeCommandsInput): Promise<MessageReply> {
  return apiRequest(`/command/type/${typeId}/${kind}`, messageReply, {
    method: 'POST',
    body: { app: app.join(','), plc: plc.join(',') },
  });
}

export function useSaveTypeCommands() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveTypeCommands,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: commandsQueryKey }),
  });
}
