import { useMutation, useQueryClient } from '@tanstack/react-query';
import { alarmText, type AlarmText } from '@roastery/contract';
import { apiRequest } from '../../../lib/api-client.ts';
import { deviceAlarmTextsQueryKey } from './get-alarm-texts.ts';

export interface CreateAlarmTextInput {
  device_id: string;
  index: number;
  message: string;
}

/** 409 when the device already has a text for that Alarm ID. */
export function createAlarmText(body: CreateAlarmTextInput): Promise<AlarmText> {
  return apiRequest('/alarm-text', alarmText, { method: 'POST', body });
}

export function useCreateAlarmText() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createAlarmText,
    onSuccess: (_created, { device_id }) =>
      queryClient.invalidateQueries({ queryKey: deviceAlarmTextsQueryKey(device_id) }),
  });
}
