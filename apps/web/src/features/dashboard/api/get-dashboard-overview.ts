import { queryOptions, useQuery } from '@tanstack/react-query';
import { dashboardOverview, type DashboardOverview } from '@roastery/contract';
import { apiRequest } from '../../../lib/api-client.ts';
import { DASHBOARD_POLL_MS, dashboardKeys } from './dashboard-keys.ts';

/** Stage tiles, the orders under way with their flows, the silos and the waiting count. */
export function getDashboardOverview(signal?: AbortSignal): Promise<DashboardOverview> {
  return apiRequest('/dashboard/v2', dashboardOverview, { signal });
}

export function getDashboardOverviewQueryOptions() {
  return queryOptions({
    queryKey: dashboardKeys.overview(),
    queryFn: ({ signal }) => getDashboardOverview(signal),
    refetchInterval: DASHBOARD_POLL_MS,
  });
}

export function useDashboardOverview() {
  return useQuery(getDashboardOverviewQueryOptions());
}
