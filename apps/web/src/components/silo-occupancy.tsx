import Button from 'antd/es/button';
import Skeleton from 'antd/es/skeleton';
import Table, { type ColumnsType } from 'antd/es/table';
import type { SiloStat } from '@roastery/contract';
import { errorMessage } from '../lib/error-message.ts';
import { formatLbs } from '../lib/format-lbs.ts';
import { useSiloStats } from '../lib/get-silo-stats.ts';
import { EmptyState } from './empty-state.tsx';
import { LiveValue } from './live-value.tsx';
import { hasNoLevelSensor, SiloFill } from './silo-fill.tsx';
import styles from './silo-occupancy.module.css';

/** Accounting bins the spec never shows; the server leaves them out already. */
const HIDDEN_IDS = new Set(['vbin', 'vibin']);

const byName = new Intl.Collator('en', { numeric: true, sensitivity: 'base' });

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
    render: (lbs: number | null, silo) =>
      hasNoLevelSensor(silo) ? (
        '—'
      ) : (
        <LiveValue quality={silo.quality} since={silo.not_live_since} compact>
          {lbs === null ? undefined : formatLbs(lbs)}
        </LiveValue>
      ),
  },
  {
    title: 'Fill',
    dataIndex: 'percentage',
    render: (_percentage: number, silo) => <SiloFill silo={silo} className={styles.fill} />,
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
