import { ReactFlowProvider } from '@xyflow/react';
import Card from 'antd/es/card';
import { LoadError } from '../../../components/load-error.tsx';
import { PageLoading } from '../../../components/page-loading.tsx';
import { useDesignerDevices } from '../api/get-designer-devices.ts';
import { useDiagram } from '../api/get-diagram.ts';
import { useWorkflows } from '../api/get-workflows.ts';
import { WorkflowRoute } from '../components/workflow-route.tsx';
import { FlowDesigner } from '../designer/flow-designer.tsx';

/** The nodes show each device's live state; the toolbar list is polled at the device-list pace. */
const DEVICE_REFRESH_MS = 5_000;
const allWorkflows = { type: 'all', search: '' } as const;

function Designer({ id }: { id: number }) {
  const diagram = useDiagram(id);
  const devices = useDesignerDevices({ refetchInterval: DEVICE_REFRESH_MS });
  const workflows = useWorkflows(allWorkflows);

  const failed = [diagram, devices, workflows].find((query) => query.isError);
  if (failed) {
    return (
      <Card>
        <LoadError
          error={failed.error}
          retrying={failed.isFetching}
          onRetry={() => void failed.refetch()}
        />
      </Card>
    );
  }
  if (!diagram.data || !devices.data || !workflows.data) return <PageLoading />;
  return (
    <ReactFlowProvider>
      <FlowDesigner
        key={id}
        diagram={diagram.data}
        devices={devices.data}
        workflows={workflows.data}
        reload={async () => (await diagram.refetch()).data}
      />
    </ReactFlowProvider>
  );
}

/** The visual designer of one workflow (lazy-loaded: React Flow lives only in this chunk). */
export function FlowPage() {
  return <WorkflowRoute>{(id) => <Designer key={id} id={id} />}</WorkflowRoute>;
}
