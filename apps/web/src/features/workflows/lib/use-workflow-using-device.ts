import { useQuery, useQueryClient } from '@tanstack/react-query';
import { getDiagramQueryOptions } from '../api/get-diagram.ts';
import { getWorkflowsQueryOptions } from '../api/get-workflows.ts';
import { workflowKeys } from '../api/workflow-keys.ts';

/**
 * The first workflow, in list order, whose diagram has the device on its canvas; null when
 * none has. The server has no lookup by device, so the diagrams are read one by one and the
 * search stops at the first match.
 */
export function useWorkflowUsingDevice(code: string) {
  const queryClient = useQueryClient();
  return useQuery({
    queryKey: [...workflowKeys.all, 'using-device', code] as const,
    queryFn: async () => {
      const workflows = await queryClient.fetchQuery(
        getWorkflowsQueryOptions({ type: 'all', search: '' }),
      );
      for (const workflow of workflows) {
        const diagram = await queryClient.fetchQuery(getDiagramQueryOptions(workflow.id));
        if (diagram.nodes.some((node) => node.id === code)) return workflow.id;
      }
      return null;
    },
    staleTime: 0,
  });
}
