import { useMutation, useQueryClient } from '@tanstack/react-query';
import { alarmText, type AlarmText } from '@roastery/contract';
import { apiRequest } from '../../../lib/api-client.ts';
import { alarmTextsQueryKey } from './get-alarm-texts.ts';

export interface UpdateAlarmTextInput {
  id: number;
  index: number;
  message: string;
}

export function updateAlarmText({ id, index, message }: UpdateAlarmTextInput): Promise<AlarmText> {
  return apiRequest(`/alarm-text/${id}`, alarmText, { method: 'PUT', body: { index, message } });
}

export function useUpdateAlarmText() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateAlarmText,
    // The reply does not name the device, so every device's list is marked stale.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: alarmTextsQueryKey }),
  });
}
