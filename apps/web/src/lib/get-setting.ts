import { queryOptions, useQuery } from '@tanstack/react-query';
import { setting, type Setting } from '@roastery/contract';
import { apiRequest } from './api-client.ts';

/**
 * Everything about settings sits under this key: a change made on the settings screen
 * refreshes every screen that reads one setting, such as the dump form and its dump mode.
 */
export const settingsQueryKey = ['settings'] as const;
export const settingQueryKey = (ref: string) => [...settingsQueryKey, 'ref', ref] as const;

/** One setting by its ref, such as 'r-dump-mode'. */
export function getSetting(ref: string, signal?: AbortSignal): Promise<Setting> {
  return apiRequest(`/admin/settings/r/${encodeURIComponent(ref)}`, setting, { signal });
}

export function getSettingQueryOptions(ref: string) {
  return queryOptions({
    queryKey: settingQueryKey(ref),
    queryFn: ({ signal }) => getSetting(ref, signal),
  });
}

export function useSetting(ref: string) {
  return useQuery(getSettingQueryOptions(ref));
}
