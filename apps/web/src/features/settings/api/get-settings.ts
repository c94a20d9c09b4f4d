import { queryOptions, useQuery } from '@tanstack/react-query';
import { setting, type Setting } from '@roastery/contract';
import { apiRequest } from '../../../lib/api-client.ts';
import { settingsQueryKey } from '../../../lib/get-setting.ts';

export const settingListQueryKey = [...settingsQueryKey, 'list'] as const;

/** Every setting of the console, by family and in order. */
export function getSettings(signal?: AbortSignal): Promise<Setting[]> {
  return apiRequest('/admin/settings', setting.array(), { signal });
}

export function getSettingsQueryOptions() {
  return queryOptions({
    queryKey: settingListQueryKey,
    queryFn: ({ signal }) => getSettings(signal),
  });
}

export function useSettings() {
  return useQuery(getSettingsQueryOptions());
}
