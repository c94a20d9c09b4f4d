import { useMutation, useQueryClient } from '@tanstack/react-query';
import { setting, SettingRef, type Setting } from '@roastery/contract';
import { apiRequest } from '../../../lib/api-client.ts';
import { settingsQueryKey } from '../../../lib/get-setting.ts';

/** Starts or stops automatic order processing through the settings call. */
export function updateAutoExecution(value: 'start' | 'stop'): Promise<Setting> {
  return apiRequest('/admin/settings', setting, {
    method: 'POST',
    body: { ref_id: SettingRef.AutoExecution, value },
  });
}

export function useUpdateAutoExecution() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateAutoExecution,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: settingsQueryKey }),
  });
}
