import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { adminReport, reportView, type CreateAdminReportBody } from '@roastery/contract';
import { apiRequest } from '../../../lib/api-client.ts';

export const adminReportKeys = {
  all: ['admin-reports'] as const,
  list: () => [...adminReportKeys.all, 'list'] as const,
  view: (id: number) => [...adminReportKeys.all, 'view', id] as const,
};

/** The spec's refresh of an embedded report. */
export const REPORT_REFRESH_MS = 180_000;

export function useAdminReports() {
  return useQuery({
    queryKey: adminReportKeys.list(),
    queryFn: ({ signal }) => apiRequest('/admin/reports', adminReport.array(), { signal }),
  });
}

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

/** A report as shown: a Metabase embedding link or its rows; asked again every 180 s. */
export function useReportView(id: number) {
  return useQuery({
    queryKey: adminReportKeys.view(id),
    queryFn: ({ signal }) => apiRequest(`/report/metabase?id=${id}`, reportView, { signal }),
    refetchInterval: REPORT_REFRESH_MS,
  });
}
