import { useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import Button from 'antd/es/button';
import Card from 'antd/es/card';
import Skeleton from 'antd/es/skeleton';
import { LineChartOutlined } from '@ant-design/icons';
import type { RoastRecord } from '@roastery/contract';
import { EmptyState } from '../../../components/empty-state.tsx';
import { LoadError } from '../../../components/load-error.tsx';
import { PageHeader } from '../../../components/page-header.tsx';
import { useDeviceList } from '../../../lib/get-device-list.ts';
import { formatOrderNumber } from '../../../lib/order-number.ts';
import { useRoastRecordsInFull } from '../api/get-roast-record.ts';
import { useRoastRecords } from '../api/get-roast-records.ts';
import { CompareChart } from '../components/compare-chart.tsx';
import { RoastFilters } from '../components/roast-filters.tsx';
import { RoastRecordsTable } from '../components/roast-records-table.tsx';
import {
  readRoastListParams,
  roastListQuery,
  writeRoastListParams,
  type RoastListParams,
} from '../lib/roast-filters.ts';
import styles from './roast-records-page.module.css';

export const NO_ROASTS = 'No roast recorded yet';
const NO_MATCH = 'No roast matches these filters';

/** Every roast the roasters recorded, filtered, with the picked ones overlaid to compare. */
export function RoastRecordsPage() {
  const [search, setSearch] = useSearchParams();
  const params = readRoastListParams(search);
  const setParams = (next: RoastListParams) => setSearch(writeRoastListParams(next));
  const records = useRoastRecords(roastListQuery(params));
  // The products offered are those of the latest roasts, whatever the filters.
  const recent = useRoastRecords({});
  const devices = useDeviceList();
  const [selected, setSelected] = useState<number[]>(params.compare);

  const roasters = useMemo(
    () =>
      (devices.data ?? [])
        .filter((d) => d.device_type_name === 'Roaster')
        .map((d) => ({ value: d.device_id, label: `${d.device_name} (${d.device_id})` })),
    [devices.data],
  );
  const products = useMemo(() => {
    const seen = new Map<number, string>();
    for (const r of recent.data ?? []) if (r.product) seen.set(r.product.id, r.product.name);
    return [...seen].map(([value, label]) => ({ value, label }));
  }, [recent.data]);

  const filtered = Object.values(roastListQuery(params)).some((v) => v !== undefined);
  return (
    <>
      <PageHeader
        title="Roasts"
        subtitle={
          params.order
            ? `The roasts of order ${formatOrderNumber(params.order)}'s batches.`
            : "Every batch's roast: its curves, events, phases, weights and colour."
        }
      />
      <Card>
        <RoastFilters value={params} roasters={roasters} products={products} onChange={setParams} />
        <div className={styles.toolbar}>
          <span>
            {selected.length > 0 ? `${selected.length} selected` : 'Tick roasts to compare them.'}
          </span>
          <Button
            icon={<LineChartOutlined />}
            disabled={selected.length === 0}
            onClick={() => setParams({ ...params, compare: selected })}
          >
            Compare
          </Button>
        </div>
        {records.isError && !records.data ? (
          <LoadError
            error={records.error}
            retrying={records.isFetching}
            onRetry={() => void records.refetch()}
          />
        ) : (
          <RoastRecordsTable
            records={records.data ?? []}
            loading={records.isPending || records.isPlaceholderData}
            selected={selected}
            onSelect={setSelected}
            empty={
              <EmptyState
                title={filtered ? NO_MATCH : NO_ROASTS}
                description={
                  filtered
                    ? 'Clear the filters to see every roast.'
                    : 'Each roast is recorded from charge to drop, whether an order runs it or not.'
                }
              />
            }
          />
        )}
      </Card>
      {params.compare.length > 0 ? (
        <Card
          title="Compare"
          className={styles.compare}
          extra={<Button onClick={() => setParams({ ...params, compare: [] })}>Close</Button>}
        >
          <CompareView ids={params.compare} />
        </Card>
      ) : null}
    </>
  );
}

function CompareView({ ids }: { ids: number[] }) {
  const queries = useRoastRecordsInFull(ids);
  const failed = queries.find((q) => q.isError);
  if (failed) {
    return (
      <LoadError
        error={failed.error}
        retrying={failed.isFetching}
        onRetry={() => void failed.refetch()}
      />
    );
  }
  const records = queries.flatMap((q): RoastRecord[] => (q.data ? [q.data] : []));
  if (records.length < ids.length) return <Skeleton active />;
  return <CompareChart records={records} />;
}
