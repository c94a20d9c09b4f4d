import { queryOptions, useQuery } from '@tanstack/react-query';
import { diagram, type Diagram } from '@roastery/contract';
import { apiRequest } from '../../../lib/api-client.ts';
import { workflowKeys } from './workflow-keys.ts';

/** A workflow's diagram with the revision a save must name. */
export function getDiagram(id: number, signal?: AbortSignal): Promise<Diagram> {
  return apiRequest(`/diagram/flow/${id}`, diagram, { signal });
}

export function getDiagramQueryOptions(id: number) {
  return queryOptions({
    queryKey: workflowKeys.diagram(id),
    queryFn: ({ signal }) => getDiagram(id, signal),
  });
}

/**
 * The saved diagram. It seeds the canvas once, so a background refetch must not look like a
 * change under the person drawing; reloading is their choice (RESET, or after a 409).
 */
export function useDiagram(id: number) {
  return useQuery({
    ...getDiagramQueryOptions(id),
    staleTime: Infinity,
    refetchOnWindowFocus: false,
  });
}
