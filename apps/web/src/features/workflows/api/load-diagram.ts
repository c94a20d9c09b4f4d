import { queryOptions, useQueryClient } from '@tanstack/react-query';
import { diagram, type Diagram } from '@roastery/contract';
import { apiRequest } from '../../../lib/api-client.ts';
import { workflowKeys } from './workflow-keys.ts';

/** Another workflow's diagram, to import into the one on the canvas. */
export function loadDiagram(id: number, signal?: AbortSignal): Promise<Diagram> {
  return apiRequest(`/diagram/load/${id}`, diagram, { signal });
}

export function loadDiagramQueryOptions(id: number) {
  return queryOptions({
    queryKey: [...workflowKeys.detail(id), 'import'] as const,
    queryFn: ({ signal }) => loadDiagram(id, signal),
    staleTime: 0,
  });
}

/** Fetches a diagram to import when the person confirms, always fresh. */
export function useLoadDiagram() {
  const queryClient = useQueryClient();
  return (id: number) => queryClient.fetchQuery(loadDiagramQueryOptions(id));
}
