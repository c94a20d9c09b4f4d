import Button from 'antd/es/button';
import Progress from 'antd/es/progress';
import Skeleton from 'antd/es/skeleton';
import Table, { type ColumnsType } from 'antd/es/table';
import type { SiloStat } from '@roastery/contract';
import { errorMessage } from '../lib/error-message.ts';
import { formatLbs } from '../lib/format-lbs.ts';
import { useSiloStats } from '../lib/get-silo-stats.ts';
import { EmptyState } from './empty-state.tsx';
import styles from './silo-occupancy.module.css';

/** Accounting bins the spec never shows; the server leaves them out already. */
const HIDDEN_IDS = new Set(['vbin', 'vibin']);

const byName = new Intl.Collator('en', { numeric: true, sensitivity: 'base' });

/** Full silos cannot take the next dump or transfer, so the bar warns before they are. */
function fillColor(percentage: number): string {
  if (percentage >= 90) return 'var(--ant-color-error, #c2362b)';
  if (percentage >= 75) return 'var(--ant-color-warning, #d48806)';
  return 'var(--ant-color-success, #3f8f4f)';
}

const columns: ColumnsType<SiloStat> = [
  { title: 'Silo', dataIndex: 'name' },
  {
    title: 'Beans',
    dataIndex: 'current_beans',
    render: (beans: string) => beans || 'Empty',
  },
  {
    title: 'Book',
    dataIndex: 'occupancy',
    align: 'right',
    className: styles.weight,
    render: (lbs: number) => formatLbs(lbs),
  },
  {
    title: 'Level',
    dataIndex: 'measured',
    align: 'right',
    className: styles.weight,
    render: (lbs: number | null) => (lbs === null ? '—' : formatLbs(lbs)),
  },
  {
    title: 'Fill',
    dataIndex: 'percentage',
    render: (percentage: number, silo) => (
      <Progress
        className={styles.fill}
        percent={Math.min(100, Math.max(0, percentage))}
        status="normal"
        strokeColor={fillColor(percentage)}
        format={() => `${Math.round(percentage)}%`}
        aria-label={`${silo.name} fill`}
      />
    ),
  },
];

interface SiloOccupancyProps {
  /** Larger text for the station's touch screen. */
  large?: boolean;
}

/**
 * The Silo Bins Occupancy table: each silo's beans, what the ledger says it holds (Book) and
 * what the PLC measures (Level), so a difference between the two stands out.
 */
export function SiloOccupancy({ large = false }: SiloOccupancyProps) {
  const silos = useSiloStats();

  if (silos.isError && !silos.data) {
    return (
      <EmptyState description={errorMessage(silos.error)}>
        <Button loading={silos.isFetching} onClick={() => void silos.refetch()}>
          Try again
        </Button>
      </EmptyState>
    );
  }
  if (!silos.data) return <Skeleton active title={false} paragraph={{ rows: 4 }} />;

  const rows = silos.data
    .filter((silo) => !HIDDEN_IDS.has(silo.id.toLowerCase()))
    .sort((a, b) => byName.compare(a.name, b.name));
  return (
    <Table<SiloStat>
      className={large ? styles.large : undefined}
      rowKey="id"
      size={large ? 'middle' : 'small'}
      columns={columns}
      dataSource={rows}
      pagination={false}
      locale={{
        emptyText: <EmptyState description="Silos and bins with a capacity appear here." />,
      }}
    />
  );
}
