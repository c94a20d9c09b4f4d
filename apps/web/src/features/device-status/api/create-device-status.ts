import { useMutation, useQueryClient } from '@tanstack/react-query';
import { deviceStatus, type DeviceStatusBody, type DeviceStatusDto } from '@roastery/contract';
import { apiRequest } from '../../../lib/api-client.ts';
import { allDevicesQueryKey } from '../../../lib/get-device-list.ts';
import { deviceStatusesQueryKey } from './get-device-statuses.ts';

/** 409 when the Status ID is taken. */
export function createDeviceStatus(body: DeviceStatusBody): Promise<DeviceStatusDto> {
  return apiRequest('/device-status', deviceStatus, { method: 'POST', body });
}

export function useCreateDeviceStatus() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createDeviceStatus,
    onSuccess: async () => {
      // Every device shows its lit statuses, so the device views are refreshed too.
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: deviceStatusesQueryKey }),
        queryClient.invalidateQueries({ queryKey: allDevicesQueryKey }),
      ]);
    },
  });
}
