import { queryOptions, useQuery } from '@tanstack/react-query';
import { deviceTypeCommands, type DeviceTypeCommands } from '@roastery/contract';
import { apiRequest } from '../../../lib/api-client.ts';
import { commandsQueryKey } from '../../../lib/get-command-list.ts';

const deviceTypeCommandsList = deviceTypeCommands.array();

export const deviceTypeCommandsQueryKey = [...commandsQueryKey, 'types'] as const;

/** Every device type with the ids of its app and plc commands, binary and input. */
export function getDeviceTypeCommands(signal?: AbortSignal): Promise<DeviceTypeCommands[]> {
  return apiRequest('/command/types', deviceTypeCommandsList, { signal });
}

export function getDeviceTypeCommandsQueryOptions() {
  return queryOptions({
    queryKey: deviceTypeCommandsQueryKey,
    queryFn: ({ signal }) => getDeviceTypeCommands(signal),
  });
}

export function useDeviceTypeCommands() {
  return useQuery(getDeviceTypeCommandsQueryOptions());
}
