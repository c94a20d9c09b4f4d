import { useMutation } from '@tanstack/react-query';
import { messageReply, type MessageReply } from '@roastery/contract';
import { apiRequest } from '../../../lib/api-client.ts';

export interface AlarmMessageInput {
  device_id: string;
  message: string;
}

/** Raises an alarm notification for the device; the live stream brings it to every console. */
export function sendAlarmMessage(body: AlarmMessageInput): Promise<MessageReply> {
  return apiRequest('/alarm-text/message', messageReply, { method: 'POST', body });
}

export function useSendAlarmMessage() {
  return useMutation({ mutationFn: sendAlarmMessage });
}
