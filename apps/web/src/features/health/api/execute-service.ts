import { useMutation, useQueryClient } from '@tanstack/react-query';
import { healthDetail } from '@roastery/contract';
import { apiRequest } from '../../../lib/api-client.ts';
import { healthKeys } from './health-keys.ts';

export interface ExecuteServiceInput {
  type: 'start' | 'stop';
  container: string;
}

/** Starts or stops a service; the monitor's cards and the detail refresh with the answer. */
export function useExecuteService() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ExecuteServiceInput) =>
      apiRequest('/admin/health/execute', healthDetail, { method: 'POST', body }),
    onSuccess: (detail) => {
      queryClient.setQueryData(healthKeys.detail(detail.id), detail);
      void queryClient.invalidateQueries({ queryKey: healthKeys.list() });
    },
  });
}
