import { useMutation, useQueryClient } from '@tanstack/react-query';
import { messageReply, type MessageReply } from '@roastery/contract';
import { apiRequest } from '../../../lib/api-client.ts';
import { simulatorQueryKey } from './get-simulator.ts';

export interface SimulatorAlarmInput {
  deviceCode: string;
  /** 0 clears the device's alarm. */
  code: number;
}

export function setSimulatorAlarm({
  deviceCode,
  code,
}: SimulatorAlarmInput): Promise<MessageReply> {
  return apiRequest('/simulator/alarm', messageReply, {
    method: 'POST',
    body: { device_id: deviceCode, code },
  });
}

export function useSetSimulatorAlarm() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setSimulatorAlarm,
    onSettled: () => queryClient.invalidateQueries({ queryKey: simulatorQueryKey }),
  });
}
