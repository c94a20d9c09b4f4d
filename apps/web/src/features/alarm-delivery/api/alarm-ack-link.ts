import { useMutation, useQuery } from '@tanstack/react-query';
import { alarmAckLink, notification } from '@roastery/contract';
import { apiRequest } from '../../../lib/api-client.ts';

/** What a link acknowledges and as whom; public, the token is the proof. */
export function useAlarmAckLink(token: string) {
  return useQuery({
    queryKey: ['alarm-ack', token],
    queryFn: ({ signal }) =>
      apiRequest(`/alarm-ack?token=${encodeURIComponent(token)}`, alarmAckLink, { signal }),
    enabled: token.length > 0,
    retry: false,
  });
}

export function useAcknowledgeByLink() {
  return useMutation({
    mutationFn: (token: string) =>
      apiRequest('/alarm-ack', notification, { method: 'POST', body: { token } }),
  });
}
