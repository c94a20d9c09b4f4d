import { useMutation, useQueryClient } from '@tanstack/react-query';
import { deviceStatus, type DeviceStatusBody, type DeviceStatusDto } from '@roastery/contract';
import { apiRequest } from '../../../lib/api-client.ts';
import { allDevicesQueryKey } from '../../../lib/get-device-list.ts';
import { deviceStatusesQueryKey } from './get-device-statuses.ts';

export interface UpdateDeviceStatusInput {
  id: number;
  body: DeviceStatusBody;
}

export function updateDeviceStatus({
  id,
  body,
}: UpdateDeviceStatusInput): Promise<DeviceStatusDto> {
  return apiRequest(`/device-status/${id}`, deviceStatus, { method: 'PUT', body });
}

export function useUpdateDeviceStatus() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateDeviceStatus,
    onSuccess: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: deviceStatusesQueryKey }),
        queryClient.invalidateQueries({ queryKey: allDevicesQueryKey }),
      ]);
    },
  });
}
