import type { ReactNode } from 'react';
import type { UseQueryResult } from '@tanstack/react-query';
import Skeleton from 'antd/es/skeleton';
import { LoadError } from '../../../components/load-error.tsx';

/** A board's loading and load-error states; children render once the data is there. */
export function BoardState<Data>({
  query,
  children,
}: {
  query: UseQueryResult<Data>;
  children: (data: Data) => ReactNode;
}) {
  if (query.isError && !query.data) {
    return (
      <LoadError
        error={query.error}
        retrying={query.isFetching}
        onRetry={() => void query.refetch()}
      />
    );
  }
  if (!query.data) return <Skeleton active />;
  return children(query.data);
}
