import { Suspense } from 'react';
import Table, { type ColumnsType } from 'antd/es/table';
import type { SiloStat } from '@roastery/contract';
import { EmptyState } from '../../../components/empty-state.tsx';
import { SiloFill } from '../../../components/silo-fill.tsx';
import { formatLbs } from '../../../lib/format-lbs.ts';
import { lazyPage } from '../../../lib/lazy-page.ts';

/** The chart library is most of the dashboard's code: the table shows first, the chart after. */
const SiloFillChart = lazyPage(async () => (await import('./silo-fill-chart.tsx')).SiloFillChart);

/** Accounting bins the spec never shows (the server leaves them out too). */
const HIDDEN_IDS = new Set(['vbin', 'vibin']);

const columns: ColumnsType<SiloStat> = [
  { title: 'ID', dataIndex: 'id' },
  { title: 'Name', dataIndex: 'name' },
  {
    title: 'Occupancy (lbs)',
    dataIndex: 'occupancy',
    align: 'right',
    render: (lbs: number, silo) => (
      <span
        title={
          silo.measured === null || silo.quality !== 'good'
            ? 'No live PLC level'
            : `PLC level ${formatLbs(silo.measured)}`
        }
      >
        {formatLbs(lbs)}
      </span>
    ),
  },
  {
    title: 'Current Beans',
    dataIndex: 'current_beans',
    render: (beans: string) => beans || 'Empty',
  },
  {
    title: 'Percentage',
    dataIndex: 'percentage',
    width: 160,
    render: (_percentage: number, silo) => <SiloFill silo={silo} size="small" />,
  },
];

/** The Silo Bins Occupancy table (the spec's columns) with a bar of each silo's fill. */
export function SiloBinsOccupancy({ silos }: { silos: SiloStat[] }) {
  const rows = silos.filter((silo) => !HIDDEN_IDS.has(silo.id.toLowerCase()));
  if (rows.length === 0)
    return <EmptyState description="Silos and bins with a capacity appear here." />;
  return (
    <section aria-label="Silo Bins Occupancy">
      <Suspense fallback={null}>
        <SiloFillChart silos={rows} />
      </Suspense>
      <Table<SiloStat>
        rowKey="id"
        size="small"
        columns={columns}
        dataSource={rows}
        pagination={false}
      />
    </section>
  );
}
