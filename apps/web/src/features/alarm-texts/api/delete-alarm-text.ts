import { useMutation, useQueryClient } from '@tanstack/react-query';
import { messageReply, type MessageReply } from '@roastery/contract';
import { apiRequest } from '../../../lib/api-client.ts';
import { alarmTextsQueryKey } from './get-alarm-texts.ts';

export function deleteAlarmText(id: number): Promise<MessageReply> {
  return apiRequest(`/alarm-text/${id}`, messageReply, { method: 'DELETE' });
}

export function useDeleteAlarmText() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteAlarmText,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: alarmTextsQueryKey }),
  });
}
