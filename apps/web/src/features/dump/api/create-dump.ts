import { useMutation, useQueryClient } from '@tanstack/react-query';
import { dump, type CreateDumpBody, type Dump } from '@roastery/contract';
import { apiRequest } from '../../../lib/api-client.ts';
import { dumpKeys } from './dump-keys.ts';

export function createDump(body: CreateDumpBody): Promise<Dump> {
  return apiRequest('/dump/create', dump, { method: 'POST', body });
}

export function useCreateDump() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createDump,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: dumpKeys.all }),
  });
}
