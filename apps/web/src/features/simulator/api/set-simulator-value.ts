import { useMutation, useQueryClient } from '@tanstack/react-query';
import { messageReply, type MessageReply } from '@roastery/contract';
import { apiRequest } from '../../../lib/api-client.ts';
import { simulatorQueryKey } from './get-simulator.ts';

export interface SimulatorValueInput {
  deviceCode: string;
  label: string;
  value: number;
}

/** Changes a value as the PLC would, e.g. an occupancy or a temperature. */
export function setSimulatorValue({
  deviceCode,
  label,
  value,
}: SimulatorValueInput): Promise<MessageReply> {
  return apiRequest('/simulator/value', messageReply, {
    method: 'POST',
    body: { device_id: deviceCode, label, value },
  });
}

export function useSetSimulatorValue() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setSimulatorValue,
    onSettled: () => queryClient.invalidateQueries({ queryKey: simulatorQueryKey }),
  });
}
