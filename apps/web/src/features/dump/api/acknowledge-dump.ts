import { useMutation, useQueryClient } from '@tanstack/react-query';
import { dump, type Dump } from '@roastery/contract';
import { apiRequest } from '../../../lib/api-client.ts';
import { dumpKeys } from './dump-keys.ts';

/** The bags are at the station: starts the dumping workflow of the dump's target. */
export function acknowledgeDump(id: number): Promise<Dump> {
  return apiRequest(`/dump/request/${id}`, dump, { method: 'POST' });
}

export function useAcknowledgeDump() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: acknowledgeDump,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: dumpKeys.all }),
  });
}
