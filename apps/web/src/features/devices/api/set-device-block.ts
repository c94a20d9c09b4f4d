import { useMutation, useQueryClient } from '@tanstack/react-query';
import { deviceBlock, type DeviceBlock } from '@roastery/contract';
import { apiRequest } from '../../../lib/api-client.ts';
import { deviceDetailQueryKey } from './get-device-detail.ts';

export interface DeviceBlockInput {
  deviceCode: string;
  blockId: number;
  value: 0 | 1;
}

const blockList = deviceBlock.array();

/** Sets one of a device's yes/no block switches. */
export function setDeviceBlock({
  deviceCode,
  blockId,
  value,
}: DeviceBlockInput): Promise<DeviceBlock[]> {
  return apiRequest('/settings/device/block', blockList, {
    method: 'POST',
    body: { device_id: deviceCode, block: blockId, value },
  });
}

export function useSetDeviceBlock() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setDeviceBlock,
    onSettled: (_blocks, _error, input) =>
      queryClient.invalidateQueries({ queryKey: deviceDetailQueryKey(input.deviceCode) }),
  });
}
