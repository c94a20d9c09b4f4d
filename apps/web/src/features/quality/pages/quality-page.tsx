import { useSearchParams } from 'react-router';
import Card from 'antd/es/card';
import Segmented from 'antd/es/segmented';
import type { LotQualityStatus } from '@roastery/contract';
import { EmptyState } from '../../../components/empty-state.tsx';
import { LoadError } from '../../../components/load-error.tsx';
import { PageHeader } from '../../../components/page-header.tsx';
import { useQualityLots } from '../api/get-quality-lots.ts';
import { QualityLotsTable } from '../components/quality-lots-table.tsx';
import { readStatusFilter, statusLook, writeStatusFilter } from '../lib/quality-lot.ts';
import styles from './quality-page.module.css';

export const NO_LOTS = 'No roasted lot yet';

type Filter = LotQualityStatus | 'all';

const filters: { value: Filter; label: string }[] = [
  { value: 'all', label: 'All' },
  ...(['pending', 'on_hold', 'released', 'rejected'] as const).map((status) => ({
    value: status,
    label: statusLook(status).label,
  })),
];

/** Every roasted lot with its quality status, of one status when the address names it. */
export function QualityPage() {
  const [search, setSearch] = useSearchParams();
  const status = readStatusFilter(search);
  const lots = useQualityLots(status);

  return (
    <>
      <PageHeader
        title="Quality"
        subtitle="Roasted lots with their results and signed release decisions."
      />
      <Card>
        <Segmented<Filter>
          className={styles.filter}
          aria-label="Status"
          options={filters}
          value={status ?? 'all'}
          onChange={(value) => setSearch(writeStatusFilter(value === 'all' ? undefined : value))}
        />
        {lots.isError && !lots.data ? (
          <LoadError
            error={lots.error}
            retrying={lots.isFetching}
            onRetry={() => void lots.refetch()}
          />
        ) : (
          <QualityLotsTable
            lots={lots.data ?? []}
            loading={lots.isPending || lots.isPlaceholderData}
            empty={
              status ? (
                <EmptyState
                  title={`No lot ${statusLook(status).label.toLowerCase()}`}
                  description="Choose All to see every roasted lot."
                />
              ) : (
                <EmptyState
                  title={NO_LOTS}
                  description="Each batch roasted for an order books a roasted lot, which waits here for its release."
                />
              )
            }
          />
        )}
      </Card>
    </>
  );
}
