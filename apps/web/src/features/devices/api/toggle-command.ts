import { useMutation, useQueryClient } from '@tanstack/react-query';
import { writeReply, type WriteReply } from '@roastery/contract';
import { apiRequest } from '../../../lib/api-client.ts';
import { deviceDetailQueryKey } from './get-device-detail.ts';

export interface ToggleCommandInput {
  deviceCode: string;
  commandId: number;
  value: 0 | 1;
}

/** Writes a binary command (a coil) of a device in Manual mode. */
export function toggleCommand({ deviceCode, commandId, value }: ToggleCommandInput) {
  return apiRequest<WriteReply>(`/command/toogle/${commandId}`, writeReply, {
    method: 'PUT',
    body: { device_id: deviceCode, value },
  });
}

export function useToggleCommand() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: toggleCommand,
    onSettled: (_reply, _error, input) =>
      queryClient.invalidateQueries({ queryKey: deviceDetailQueryKey(input.deviceCode) }),
  });
}
