import { useQuery } from '@tanstack/react-query';
import { adminReport, reportView } from '@roastery/contract';
import { apiRequest } from './api-client.ts';

/** Reads of the administrators' reports: the Report Settings screen and the reports' Other tab. */
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

/** A report as shown: a Metabase embedding link or its rows; asked again every 180 s. */
export function useReportView(id: number) {
  return useQuery({
    queryKey: adminReportKeys.view(id),
    queryFn: ({ signal }) => apiRequest(`/report/metabase?id=${id}`, reportView, { signal }),
    refetchInterval: REPORT_REFRESH_MS,
  });
}
