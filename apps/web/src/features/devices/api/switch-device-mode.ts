import { useIsMutating, useMutation, useQueryClient } from '@tanstack/react-query';
import { writeReply, type WriteReply } from '@roastery/contract';
import { apiRequest } from '../../../lib/api-client.ts';
import { allDevicesQueryKey } from '../../../lib/get-device-list.ts';

const switchModeKey = (code: string) => ['devices', 'switch-mode', code] as const;

/** Asks the PLC to switch the device between Auto and Manual; the PLC confirms later. */
export function switchDeviceMode(code: string): Promise<WriteReply> {
  return apiRequest(`/device/mode/${encodeURIComponent(code)}`, writeReply, { method: 'PUT' });
}

export function useSwitchDeviceMode(code: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: switchModeKey(code),
    mutationFn: () => switchDeviceMode(code),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: allDevicesQueryKey }),
  });
}

/** True while this device's switch request is on its way to the server. */
export function useIsSwitchingMode(code: string): boolean {
  return useIsMutating({ mutationKey: switchModeKey(code) }) > 0;
}
