import { useMutation, useQueryClient } from '@tanstack/react-query';
import { deviceDetail, type CreateDeviceBody, type DeviceDetail } from '@roastery/contract';
import { apiRequest } from '../../../lib/api-client.ts';
import { allDevicesQueryKey } from '../../../lib/get-device-list.ts';

/** Adds a device; the server gives it PLC addresses for its type. 409 for a taken Device Id. */
export function createDevice(body: CreateDeviceBody): Promise<DeviceDetail> {
  return apiRequest('/device/create', deviceDetail, { method: 'POST', body });
}

export function useCreateDevice(options: { onSuccess?: (created: DeviceDetail) => void } = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createDevice,
    onSuccess: async (created) => {
      await queryClient.invalidateQueries({ queryKey: allDevicesQueryKey });
      options.onSuccess?.(created);
    },
  });
}
