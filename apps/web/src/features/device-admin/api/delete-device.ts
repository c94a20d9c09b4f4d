import { useMutation, useQueryClient } from '@tanstack/react-query';
import { messageReply, type MessageReply } from '@roastery/contract';
import { apiRequest } from '../../../lib/api-client.ts';
import { allDevicesQueryKey } from '../../../lib/get-device-list.ts';

/** Deletes a device with its tags, alarm texts and statuses. */
export function deleteDevice(code: string): Promise<MessageReply> {
  return apiRequest(`/device/${encodeURIComponent(code)}`, messageReply, { method: 'DELETE' });
}

export function useDeleteDevice() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteDevice,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: allDevicesQueryKey }),
  });
}
