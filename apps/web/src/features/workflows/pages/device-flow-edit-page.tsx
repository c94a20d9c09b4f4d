import { Navigate, useParams } from 'react-router';
import Card from 'antd/es/card';
import { LoadError } from '../../../components/load-error.tsx';
import { PageLoading } from '../../../components/page-loading.tsx';
import { paths } from '../../../config/paths.ts';
import { useWorkflowUsingDevice } from '../lib/use-workflow-using-device.ts';

function DeviceFlowRedirect({ code }: { code: string }) {
  const found = useWorkflowUsingDevice(code);
  if (found.isError) {
    return (
      <Card>
        <LoadError
          error={found.error}
          retrying={found.isFetching}
          onRetry={() => void found.refetch()}
        />
      </Card>
    );
  }
  if (found.data === undefined) return <PageLoading />;
  return (
    <Navigate
      replace
      to={
        found.data === null
          ? paths.admin.flows.getHref({ device: code })
          : paths.admin.flow.getHref(found.data)
      }
    />
  );
}

/**
 * The spec's editor route of a device (contents not shown there): it opens the designer of the
 * first workflow with the device on its canvas, or the workflow list saying none has it yet.
 */
export function DeviceFlowEditPage() {
  const { deviceId = '' } = useParams();
  return <DeviceFlowRedirect key={deviceId} code={deviceId} />;
}
