import { useState } from 'react';
import Button from 'antd/es/button';
import Card from 'antd/es/card';
import Skeleton from 'antd/es/skeleton';
import { PlusOutlined } from '@ant-design/icons';
import type { DeviceStatusDto } from '@roastery/contract';
import { useFeedback } from '../../../components/feedback.tsx';
import { LoadError } from '../../../components/load-error.tsx';
import { PageHeader } from '../../../components/page-header.tsx';
import { errorMessage } from '../../../lib/error-message.ts';
import { useDeleteDeviceStatus } from '../api/delete-device-status.ts';
import { useDeviceStatuses } from '../api/get-device-statuses.ts';
import { DeviceStatusModal, type DeviceStatusDialog } from '../components/device-status-modal.tsx';
import { DeviceStatusesTable } from '../components/device-statuses-table.tsx';
import { statusMessages } from '../components/status-messages.ts';

export function DeviceStatusPage() {
  const statuses = useDeviceStatuses();
  const deletion = useDeleteDeviceStatus();
  const { message, notification } = useFeedback();
  const [dialog, setDialog] = useState<DeviceStatusDialog>({ mode: 'closed' });

  const remove = (status: DeviceStatusDto) =>
    deletion.mutate(status.id, {
      onSuccess: () => void message.success(statusMessages.deleted),
      onError: (error) =>
        notification.error({
          title: statusMessages.changeFailed,
          description: errorMessage(error),
        }),
    });

  return (
    <>
      <PageHeader
        title="Device Status"
        subtitle="Coloured status tags a device shows when one of its commands has a given value."
        actions={
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setDialog({ mode: 'add' })}>
            Add Device Status
          </Button>
        }
      />
      <Card>
        {statuses.isError ? (
          <LoadError
            error={statuses.error}
            retrying={statuses.isFetching}
            onRetry={() => void statuses.refetch()}
          />
        ) : statuses.data ? (
          <DeviceStatusesTable
            statuses={statuses.data}
            deletingId={deletion.isPending ? deletion.variables : undefined}
            onEdit={(status) => setDialog({ mode: 'edit', status })}
            onDelete={remove}
          />
        ) : (
          <Skeleton active title={false} paragraph={{ rows: 6 }} />
        )}
      </Card>
      <DeviceStatusModal dialog={dialog} onClose={() => setDialog({ mode: 'closed' })} />
    </>
  );
}
