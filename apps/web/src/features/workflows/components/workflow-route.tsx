import type { ReactNode } from 'react';
import Card from 'antd/es/card';
import { EmptyState } from '../../../components/empty-state.tsx';
import { useWorkflowId } from '../lib/workflow-id.ts';

/** Renders a workflow screen for the route's id, or says the address names no workflow. */
export function WorkflowRoute({ children }: { children: (id: number) => ReactNode }) {
  const id = useWorkflowId();
  if (id === undefined) {
    return (
      <Card>
        <EmptyState title="Workflow not found" description="The address names no workflow." />
      </Card>
    );
  }
  return children(id);
}
