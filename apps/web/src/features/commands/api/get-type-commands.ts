import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import type { CommandKind } from '@roastery/contract';
import { apiRequest } from '../../../lib/api-client.ts';
import { commandsQueryKey } from '../../../lib/get-command-list.ts';

const typeCommands = z.object({ app: z.array(z.number()), plc: z.array(z.number()) });
export type TypeCommands = z.infer<typeof typeCommands>;

export const typeCommandsQueryKey = (typeId: number, kind: CommandKind) =>
  [...commandsQueryKey, 'type', typeId, kind] as const;

/** The app and plc command ids of one kind that a device type offers. */
export function getTypeCommands(
  typeId: number,
  kind: CommandKind,
  signal?: AbortSignal,
): Promise<TypeCommands> {
  return apiRequest(`/command/type/${typeId}/${kind}`, typeCommands, { signal });
}

export function getTypeCommandsQueryOptions(typeId: number, kind: CommandKind) {
  return queryOptions({
    queryKey: typeCommandsQueryKey(typeId, kind),
    queryFn: ({ signal }) => getTypeCommands(typeId, kind, signal),
  });
}

export function useTypeCommands(
  typeId: number,
  kind: CommandKind,
  options: { enabled?: boolean } = {},
) {
  // The selects are filled once from this reply; a refetch on focus must not undo a choice.
  return useQuery({
    ...getTypeCommandsQueryOptions(typeId, kind),
    enabled: options.enabled ?? true,
    refetchOnWindowFocus: false,
  });
}
