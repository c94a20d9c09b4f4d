import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { auditCategories, auditPage, type AuditPage } from '@roastery/contract';
import { apiRequest } from '../../../lib/api-client.ts';

/** The screen's filters as the query string carries them; empty ones are left out. */
export interface AuditFilters {
  user?: string;
  category?: string;
  from?: string;
  to?: string;
  text?: string;
  page: number;
  limit: number;
}

export const auditQueryKey = ['audit'] as const;

export function getAudit(filters: AuditFilters, signal?: AbortSignal): Promise<AuditPage> {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(filters)) {
    if (value !== undefined && value !== '') params.set(key, String(value));
  }
  return apiRequest(`/audit?${params.toString()}`, auditPage, { signal });
}

export function useAudit(filters: AuditFilters) {
  return useQuery({
    ...queryOptions({
      queryKey: [...auditQueryKey, filters],
      queryFn: ({ signal }) => getAudit(filters, signal),
    }),
    // The table keeps its rows while the next page loads.
    placeholderData: keepPreviousData,
  });
}

export function useAuditCategories() {
  return useQuery({
    queryKey: [...auditQueryKey, 'categories'],
    queryFn: ({ signal }) => apiRequest('/audit/categories', auditCategories, { signal }),
  });
}
