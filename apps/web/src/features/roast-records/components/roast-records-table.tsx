import type { ReactNode } from 'react';
import { Link } from 'react-router';
import Table, { type ColumnsType } from 'antd/es/table';
import type { RoastRecordSummary } from '@roastery/contract';
import { paths } from '../../../config/paths.ts';
import { formatSpelledTime } from '../../../lib/format-date.ts';
import { formatRoastTime } from '../../../lib/roast-time.ts';
import { formatF, formatPct, formatProfile } from '../lib/roast-format.ts';
import styles from '../pages/roast-records-page.module.css';

const columns: ColumnsType<RoastRecordSummary> = [
  {
    key: 'charged',
    title: 'Charged',
    render: (_, r) => (
      <Link to={paths.roastRecord.getHref(r.id)}>{formatSpelledTime(r.charged_at)}</Link>
    ),
  },
  { key: 'roaster', title: 'Roaster', render: (_, r) => r.roaster_name },
  { key: 'product', title: 'Product', render: (_, r) => r.product?.name ?? '—' },
  { key: 'profile', title: 'Profile', render: (_, r) => formatProfile(r.profile) },
  {
    key: 'fc',
    title: 'FC',
    align: 'right',
    render: (_, r) => (r.events.first_crack ? formatRoastTime(r.events.first_crack.t_s) : '—'),
  },
  { key: 'total', title: 'Total', align: 'right', render: (_, r) => formatRoastTime(r.total_s) },
  { key: 'drop', title: 'Drop', align: 'right', render: (_, r) => formatF(r.end_bt_f) },
  {
    key: 'dev',
    title: 'Development',
    align: 'right',
    render: (_, r) => formatPct(r.phases.development.pct),
  },
  { key: 'loss', title: 'Loss', align: 'right', render: (_, r) => formatPct(r.loss_pct) },
  { key: 'colour', title: 'Colour', align: 'right', render: (_, r) => r.colour ?? '—' },
  {
    key: 'deviation',
    title: 'Deviation RMS',
    align: 'right',
    render: (_, r) => (r.deviation ? `${r.deviation.rms_f.toFixed(1)} °F` : '—'),
  },
];

interface RoastRecordsTableProps {
  records: RoastRecordSummary[];
  loading: boolean;
  selected: number[];
  onSelect: (ids: number[]) => void;
  empty: ReactNode;
}

/** Roasts newest first, each leading to its record; ticked rows go to the compare view. */
export function RoastRecordsTable({
  records,
  loading,
  selected,
  onSelect,
  empty,
}: RoastRecordsTableProps) {
  return (
    <Table<RoastRecordSummary>
      rowKey="id"
      size="middle"
      columns={columns}
      dataSource={records}
      loading={loading}
      pagination={{ pageSize: 20, hideOnSinglePage: true }}
      scroll={{ x: 'max-content' }}
      className={styles.table}
      rowSelection={{
        // No select-all: a compare view of every roast listed helps no one, and its checkbox
        // would sit in the table's hidden measuring row too.
        hideSelectAll: true,
        selectedRowKeys: selected,
        preserveSelectedRowKeys: true,
        onChange: (keys) => onSelect(keys.map(Number)),
        getCheckboxProps: (r) => ({ 'aria-label': `Compare roast ${r.id}` }),
      }}
      locale={{ emptyText: empty }}
    />
  );
}
