import { queryOptions, useQuery } from '@tanstack/react-query';
import { deviceCommandsReply } from '@roastery/contract';
import type { z } from 'zod';
import { apiRequest } from '../../../lib/api-client.ts';
import { workflowKeys } from './workflow-keys.ts';

export type DeviceCommands = z.infer<typeof deviceCommandsReply>;

/** The binary and input commands of one device, for a step's command lists. */
export function getDeviceCommands(code: string, signal?: AbortSignal): Promise<DeviceCommands> {
  return apiRequest(`/command/flow/${encodeURIComponent(code)}`, deviceCommandsReply, { signal });
}

export function getDeviceCommandsQueryOptions(code: string) {
  return queryOptions({
    queryKey: workflowKeys.deviceCommands(code),
    queryFn: ({ signal }) => getDeviceCommands(code, signal),
    staleTime: 60_000,
  });
}

/** Nothing is fetched until a device is chosen. */
export function useDeviceCommands(code: string | undefined) {
  return useQuery({ ...getDeviceCommandsQueryOptions(code ?? ''), enabled: Boolean(code) });
}
