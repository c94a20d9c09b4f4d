import { Link } from 'react-router';
import type { ColumnsType } from 'antd/es/table';
import Tag from 'antd/es/tag';
import type { Dump } from '@roastery/contract';
import { QueryTable } from '../../../components/query-table.tsx';
import { paths } from '../../../config/paths.ts';
import { policies } from '../../../lib/authorization.ts';
import { formatNotificationTime } from '../../../lib/format-date.ts';
import { usePollInterval } from '../../../lib/live-status.ts';
import { useSignedInSession } from '../../../lib/signed-in-session.ts';
import { useDumps } from '../api/get-dumps.ts';
import { formatLbs } from '../../../lib/format-lbs.ts';

/** Finished dumps change when a dumping run ends, which live workflow events announce. */
const FINISHED_POLL_MS = 5_000;

/** Completed dumps (the spec's 'Acknowledged') and requests closed from the roaster popup. */
export function FinishedDumps() {
  const session = useSignedInSession();
  const finished = useDumps('finished', { refetchInterval: usePollInterval(FINISHED_POLL_MS) });
  // Traceability is a plant screen: operators see the lot number without the link.
  const canTrace = policies.plantScreens(session.role);

  const columns: ColumnsType<Dump> = [
    {
      title: 'Lot number',
      dataIndex: 'lot_number',
      render: (lot: string) =>
        canTrace ? <Link to={paths.trace.getHref({ lot })}>{lot}</Link> : lot,
    },
    { title: 'Bean', dataIndex: 'bean_name' },
    {
      title: 'Amount',
      dataIndex: 'amount',
      align: 'right',
      render: (amount: number) => formatLbs(amount),
    },
    { title: 'Silo', dataIndex: 'device_name' },
    {
      title: 'Status',
      dataIndex: 'status',
      render: (status: Dump['status']) =>
        status === 'completed' ? <Tag color="success">Acknowledged</Tag> : <Tag>Closed</Tag>,
    },
    {
      title: 'Finished',
      key: 'finished',
      render: (_value, dump) =>
        formatNotificationTime(dump.completed_at ?? dump.acknowledged_at ?? dump.created_at),
    },
  ];

  return (
    <QueryTable<Dump>
      query={finished}
      columns={columns}
      emptyText="Dumps appear here once they are done."
    />
  );
}
