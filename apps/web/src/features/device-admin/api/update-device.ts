import { useMutation, useQueryClient } from '@tanstack/react-query';
import { deviceDetail, type DeviceDetail, type UpdateDeviceBody } from '@roastery/contract';
import { apiRequest } from '../../../lib/api-client.ts';
import { allDevicesQueryKey } from '../../../lib/get-device-list.ts';

export interface UpdateDeviceInput {
  code: string;
  body: UpdateDeviceBody;
}

export function updateDevice({ code, body }: UpdateDeviceInput): Promise<DeviceDetail> {
  return apiRequest(`/device/${encodeURIComponent(code)}`, deviceDetail, { method: 'PUT', body });
}

/** A new type gives the device new tags, so the whole device cache is refreshed. */
export function useUpdateDevice(options: { onSuccess?: (updated: DeviceDetail) => void } = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateDevice,
    onSuccess: async (updated) => {
      await queryClient.invalidateQueries({ queryKey: allDevicesQueryKey });
      options.onSuccess?.(updated);
    },
  });
}
