import { useMutation, useQueryClient } from '@tanstack/react-query';
import { deviceTagView, type DeviceTagDto, type DeviceTagView } from '@roastery/contract';
import { apiRequest } from '../../../lib/api-client.ts';
import { allDevicesQueryKey } from '../../../lib/get-device-list.ts';
import { deviceTagsQueryKey } from './get-device-tags.ts';

const deviceTagList = deviceTagView.array();

export interface SaveDeviceTagsInput {
  code: string;
  tags: DeviceTagDto[];
}

/**
 * Replaces the device's tags. Administrators only (403 otherwise); 422 names every problem of
 * the whole map, such as overlapping addresses.
 */
export function saveDeviceTags({ code, tags }: SaveDeviceTagsInput): Promise<DeviceTagView[]> {
  return apiRequest(`/device/tags/${encodeURIComponent(code)}`, deviceTagList, {
    method: 'PUT',
    body: { tags },
  });
}

export function useSaveDeviceTags() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveDeviceTags,
    onSuccess: async (saved, { code }) => {
      queryClient.setQueryData(deviceTagsQueryKey(code), saved);
      // New addresses change what the gateway reads, so live values are fetched again.
      await queryClient.invalidateQueries({ queryKey: allDevicesQueryKey });
    },
  });
}
