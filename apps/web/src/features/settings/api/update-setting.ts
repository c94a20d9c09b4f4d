import { useMutation, useQueryClient } from '@tanstack/react-query';
import { setting, type Setting } from '@roastery/contract';
import { apiRequest } from '../../../lib/api-client.ts';
import { settingsQueryKey } from '../../../lib/get-setting.ts';

export interface UpdateSettingInput {
  ref_id: string;
  value: string;
}

export function updateSetting(body: UpdateSettingInput): Promise<Setting> {
  return apiRequest('/admin/settings', setting, { method: 'POST', body });
}

/** Refreshes every settings query, including single settings other screens read. */
export function useUpdateSetting() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateSetting,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: settingsQueryKey }),
  });
}
