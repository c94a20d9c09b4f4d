import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  alarmDeliverySettings,
  type AlarmDeliverySettings,
  type AlarmDeliverySettingsBody,
} from '@roastery/contract';
import { apiRequest } from '../../../lib/api-client.ts';
import { alarmDeliveryQueryKey } from './get-alarm-delivery.ts';

export function saveAlarmDelivery(body: AlarmDeliverySettingsBody): Promise<AlarmDeliverySettings> {
  return apiRequest('/admin/alarm-delivery', alarmDeliverySettings, { method: 'PUT', body });
}

export function useSaveAlarmDelivery() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveAlarmDelivery,
    onSuccess: (saved) => queryClient.setQueryData(alarmDeliveryQueryKey, saved),
  });
}
