import type { ReactNode } from 'react';
import type { UseQueryResult } from '@tanstack/react-query';
import Skeleton from 'antd/es/skeleton';
import { LoadError } from './load-error.tsx';

interface QueryStateProps<Data> {
  query: UseQueryResult<Data>;
  /** What stands in until the first answer; a plain skeleton otherwise. */
  loading?: ReactNode;
  children: (data: Data) => ReactNode;
}

/**
 * Data read from the server: a skeleton until the first answer, the load error with a retry
 * when there is none, and the children once the data is there (kept while a refetch fails).
 */
export function QueryState<Data>({
  query,
  loading = <Skeleton active />,
  children,
}: QueryStateProps<Data>) {
  if (query.isError && query.data === undefined) {
    return (
      <LoadError
        error={query.error}
        retrying={query.isFetching}
        onRetry={() => void query.refetch()}
      />
    );
  }
  if (query.data === undefined) return loading;
  return children(query.data);
}

/** What a table shows until its first answer: a few lines, no title. */
export function TableSkeleton() {
  return <Skeleton active title={false} paragraph={{ rows: 4 }} />;
}
