import { useMutation, useQueryClient } from '@tanstack/react-query';
import { writeReply, type WriteReply } from '@roastery/contract';
import { apiRequest } from '../../../lib/api-client.ts';
import { deviceDetailQueryKey } from './get-device-detail.ts';

export interface DeviceEventInput {
  deviceCode: string;
  commandId: number;
  value: number;
}

/** Writes an input command (a register): Manual mode only, except speeds. */
export function sendDeviceEvent({ deviceCode, commandId, value }: DeviceEventInput) {
  return apiRequest<WriteReply>('/device/event', writeReply, {
    method: 'POST',
    body: { device_id: deviceCode, command_id: commandId, value },
  });
}

export function useSendDeviceEvent() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: sendDeviceEvent,
    onSettled: (_reply, _error, input) =>
      queryClient.invalidateQueries({ queryKey: deviceDetailQueryKey(input.deviceCode) }),
  });
}
