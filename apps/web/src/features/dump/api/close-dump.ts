import { useMutation, useQueryClient } from '@tanstack/react-query';
import { dump, type Dump } from '@roastery/contract';
import { apiRequest } from '../../../lib/api-client.ts';
import { dumpKeys } from './dump-keys.ts';

/** The roaster popup's Ok: the request is closed without beans moving at this station. */
export function closeDump(id: number): Promise<Dump> {
  return apiRequest(`/dump/close/${id}`, dump, { method: 'POST' });
}

export function useCloseDump() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: closeDump,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: dumpKeys.all }),
  });
}
