import { useMutation, useQueryClient } from '@tanstack/react-query';
import { messageReply, type MessageReply } from '@roastery/contract';
import { apiRequest } from '../../../lib/api-client.ts';
import { allDevicesQueryKey } from '../../../lib/get-device-list.ts';
import { deviceStatusesQueryKey } from './get-device-statuses.ts';

export function deleteDeviceStatus(id: number): Promise<MessageReply> {
  return apiRequest(`/device-status/${id}`, messageReply, { method: 'DELETE' });
}

export function useDeleteDeviceStatus() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteDeviceStatus,
    onSuccess: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: deviceStatusesQueryKey }),
        queryClient.invalidateQueries({ queryKey: allDevicesQueryKey }),
      ]);
    },
  });
}
