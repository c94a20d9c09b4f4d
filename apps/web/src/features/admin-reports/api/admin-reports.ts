import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { adminReport, type CreateAdminReportBody } from '@roastery/contract';
import { adminReportKeys } from '../../../lib/admin-report-queries.ts';
import { apiRequest } from '../../../lib/api-client.ts';

export { useAdminReports } from '../../../lib/admin-report-queries.ts';

export function useCreateAdminReport() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateAdminReportBody) =>
      apiRequest('/admin/reports', adminReport, { method: 'POST', body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminReportKeys.list() }),
  });
}

export function useDeleteAdminReport() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) =>
      apiRequest(`/admin/reports/${id}`, z.object({ message: z.string() }), { method: 'DELETE' }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminReportKeys.all }),
  });
}
