import { useMutation, useQueryClient } from '@tanstack/react-query';
import { diagram, type Diagram, type WorkflowEdge, type WorkflowNode } from '@roastery/contract';
import { apiRequest } from '../../../lib/api-client.ts';
import { workflowKeys } from './workflow-keys.ts';

export interface SaveDiagramInput {
  id: number;
  nodes: WorkflowNode[];
  edges: WorkflowEdge[];
  /** The revision the designer loaded: the server answers 409 if someone saved since. */
  revision: number;
}

export function saveDiagram(input: SaveDiagramInput): Promise<Diagram> {
  return apiRequest('/diagram/c/update', diagram, { method: 'POST', body: input });
}

export function useSaveDiagram() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveDiagram,
    onSuccess: (saved) => {
      queryClient.setQueryData(workflowKeys.diagram(saved.id), saved);
      return queryClient.invalidateQueries({ queryKey: workflowKeys.detail(saved.id) });
    },
  });
}
