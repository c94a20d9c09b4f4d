import { queryOptions, useQuery } from '@tanstack/react-query';
import { alarmText, type AlarmText } from '@roastery/contract';
import { apiRequest } from '../../../lib/api-client.ts';

const alarmTextList = alarmText.array();

export const alarmTextsQueryKey = ['alarm-texts'] as const;
export const deviceAlarmTextsQueryKey = (code: string) => [...alarmTextsQueryKey, code] as const;

/** The texts shown for a device's alarm codes (Alarm ID -> Alarm Text). */
export function getAlarmTexts(code: string, signal?: AbortSignal): Promise<AlarmText[]> {
  return apiRequest(`/alarm-text/device/${encodeURIComponent(code)}`, alarmTextList, { signal });
}

export function getAlarmTextsQueryOptions(code: string) {
  return queryOptions({
    queryKey: deviceAlarmTextsQueryKey(code),
    queryFn: ({ signal }) => getAlarmTexts(code, signal),
  });
}

export function useAlarmTexts(code: string) {
  return useQuery(getAlarmTextsQueryOptions(code));
}
