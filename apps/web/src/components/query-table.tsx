import type { ReactNode } from 'react';
import type { UseQueryResult } from '@tanstack/react-query';
import Table, { type ColumnsType } from 'antd/es/table';
import { EmptyState } from './empty-state.tsx';
import { QueryState, TableSkeleton } from './query-state.tsx';

interface QueryTableProps<Row extends { id: number | string }> {
  query: UseQueryResult<Row[]>;
  columns: ColumnsType<Row>;
  /** Says what would be listed here, under the empty-state title. */
  emptyText: ReactNode;
  /** The empty-state title when the screen names its own; 'No Data' otherwise. */
  emptyTitle?: string;
}

/**
 * A list read from the server, ten rows a page: a skeleton until the first answer, the load
 * error with a retry when there is none, and the table otherwise (kept while a refetch fails).
 */
export function QueryTable<Row extends { id: number | string }>({
  query,
  columns,
  emptyText,
  emptyTitle,
}: QueryTableProps<Row>) {
  return (
    <QueryState query={query} loading={<TableSkeleton />}>
      {(rows) => (
        <Table<Row>
          rowKey="id"
          size="middle"
          columns={columns}
          dataSource={rows}
          pagination={{ pageSize: 10, hideOnSinglePage: true }}
          scroll={{ x: 'max-content' }}
          locale={{ emptyText: <EmptyState title={emptyTitle} description={emptyText} /> }}
        />
      )}
    </QueryState>
  );
}
