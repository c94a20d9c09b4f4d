import { queryOptions, useQuery } from '@tanstack/react-query';
import { commandList, type CommandList } from '@roastery/contract';
import { apiRequest } from './api-client.ts';

export const commandsQueryKey = ['commands'] as const;
export const commandListQueryKey = [...commandsQueryKey, 'list'] as const;

/** Every binary and input command the plant knows, with its owner (app or plc). */
export function getCommandList(signal?: AbortSignal): Promise<CommandList> {
  return apiRequest('/command', commandList, { signal });
}

/** Commands change only when the plant model does, so a visit fetches them once a minute at most. */
export function getCommandListQueryOptions() {
  return queryOptions({
    queryKey: commandListQueryKey,
    queryFn: ({ signal }) => getCommandList(signal),
    staleTime: 60_000,
  });
}

export function useCommandList() {
  return useQuery(getCommandListQueryOptions());
}
