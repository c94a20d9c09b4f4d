import { Link } from 'react-router';
import Drawer from 'antd/es/drawer';
import Table, { type ColumnsType } from 'antd/es/table';
import type { WaitingDevice } from '@roastery/contract';
import { EmptyState } from '../../../components/empty-state.tsx';
import { LiveValue } from '../../../components/live-value.tsx';
import { LoadError } from '../../../components/load-error.tsx';
import { paths } from '../../../config/paths.ts';
import { describeDate } from '../../../lib/format-date.ts';
import { formatOrderNumber } from '../../../lib/order-number.ts';
import { useWaitingDevices } from '../api/get-waiting-devices.ts';
import { useNow } from '../lib/use-now.ts';
import { waitedFor } from '../lib/waited-for.ts';

const DRAWER_WIDTH = 760;

function columns(now: number): ColumnsType<WaitingDevice> {
  return [
    {
      title: 'Device',
      dataIndex: 'device_name',
      render: (name: string, row) => (
        <Link to={paths.devices.getHref({ id: row.device_id })} title={row.device_id}>
          {name}
        </Link>
      ),
    },
    {
      title: 'Waiting for',
      dataIndex: 'condition',
      render: (condition: string, row) =>
        row.kind === 'wait_finish' ? `${condition} (PLC confirmation)` : condition,
    },
    {
      title: 'Now',
      dataIndex: 'current',
      align: 'right',
      render: (current: number | null, row) => (
        <LiveValue quality={row.quality} since={row.not_live_since} compact>
          {current ?? (row.quality === 'good' ? 'unknown' : undefined)}
        </LiveValue>
      ),
    },
    { title: 'Workflow', dataIndex: 'workflow_name' },
    { title: 'Step', dataIndex: 'step', align: 'right' },
    {
      title: 'Order',
      dataIndex: 'order_id',
      render: (orderId: number | null) => (orderId === null ? '—' : formatOrderNumber(orderId)),
    },
    {
      title: 'Since',
      dataIndex: 'since',
      render: (since: string) => (
        <span title={describeDate(since, true)}>{waitedFor(since, now)}</span>
      ),
    },
  ];
}

interface WaitingDevicesDrawerProps {
  open: boolean;
  onClose: () => void;
}

/** The devices the runs under way are waiting on: the condition, the run and since when. */
export function WaitingDevicesDrawer({ open, onClose }: WaitingDevicesDrawerProps) {
  const waiting = useWaitingDevices(open);
  const now = useNow(1_000, open);
  return (
    <Drawer
      title="Waiting Devices"
      open={open}
      onClose={onClose}
      size={DRAWER_WIDTH}
      destroyOnHidden
    >
      {waiting.isError && !waiting.data ? (
        <LoadError
          error={waiting.error}
          retrying={waiting.isFetching}
          onRetry={() => void waiting.refetch()}
        />
      ) : (
        <Table<WaitingDevice>
          rowKey={(row) => `${row.run_id}/${row.device_id}/${row.condition}`}
          size="small"
          loading={waiting.isPending}
          columns={columns(now)}
          dataSource={waiting.data ?? []}
          pagination={false}
          locale={{
            emptyText: (
              <EmptyState description="No run is waiting on a device. A device a workflow waits on shows here with the condition and since when." />
            ),
          }}
        />
      )}
    </Drawer>
  );
}
