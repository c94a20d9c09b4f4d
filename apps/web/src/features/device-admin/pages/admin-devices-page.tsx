import { useNavigate } from 'react-router';
import Button from 'antd/es/button';
import Card from 'antd/es/card';
import Skeleton from 'antd/es/skeleton';
import { PlusOutlined } from '@ant-design/icons';
import type { DeviceSummary } from '@roastery/contract';
import { useFeedback } from '../../../components/feedback.tsx';
import { LoadError } from '../../../components/load-error.tsx';
import { PageHeader } from '../../../components/page-header.tsx';
import { paths } from '../../../config/paths.ts';
import { errorMessage } from '../../../lib/error-message.ts';
import { useDeviceList } from '../../../lib/get-device-list.ts';
import { useDeleteDevice } from '../api/delete-device.ts';
import { DevicesTable } from '../components/devices-table.tsx';

/** The quality column is live: the list is fetched again at the spec's device-detail pace. */
const LIST_REFRESH_MS = 5_000;

export function AdminDevicesPage() {
  const navigate = useNavigate();
  const devices = useDeviceList({ refetchInterval: LIST_REFRESH_MS });
  const deletion = useDeleteDevice();
  const { message, notification } = useFeedback();

  const remove = (device: DeviceSummary) =>
    deletion.mutate(device.device_id, {
      onSuccess: () => void message.success(`Device ${device.device_id} deleted`),
      onError: (error) => notification.error({ title: 'Error', description: errorMessage(error) }),
    });

  return (
    <>
      <PageHeader
        title="Device Management"
        subtitle="Every device of the plant: its type, stage, capacity and PLC link."
        actions={
          <Button
            type="primary"
            icon={<PlusOutlined />}
            onClick={() => void navigate(paths.admin.addDevice.getHref())}
          >
            Add Device
          </Button>
        }
      />
      <Card>
        {devices.data ? (
          <DevicesTable
            devices={devices.data}
            deletingCode={deletion.isPending ? deletion.variables : undefined}
            onDelete={remove}
          />
        ) : devices.isError ? (
          <LoadError
            error={devices.error}
            retrying={devices.isFetching}
            onRetry={() => void devices.refetch()}
          />
        ) : (
          <Skeleton active title={false} paragraph={{ rows: 8 }} />
        )}
      </Card>
    </>
  );
}
