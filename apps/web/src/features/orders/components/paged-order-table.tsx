import type { ReactNode } from 'react';
import type { UseQueryResult } from '@tanstack/react-query';
import Table, { type ColumnsType } from 'antd/es/table';
import { EmptyState } from '../../../components/empty-state.tsx';
import { QueryState, TableSkeleton } from '../../../components/query-state.tsx';
import type { OrderPage } from '../api/order-keys.ts';

interface PagedOrderTableProps<Row extends { order_id: number }> {
  query: UseQueryResult<{ data: Row[]; totalPage: number }>;
  columns: ColumnsType<Row>;
  page: OrderPage;
  onPage: (page: OrderPage) => void;
  emptyText: ReactNode;
}

/**
 * A server-paged list of orders, pages counted from 1. The server gives the number of pages
 * only, so the pager's total is totalPage times the page size, as the spec has it.
 */
export function PagedOrderTable<Row extends { order_id: number }>({
  query,
  columns,
  page,
  onPage,
  emptyText,
}: PagedOrderTableProps<Row>) {
  return (
    <QueryState query={query} loading={<TableSkeleton />}>
      {(list) => (
        <Table<Row>
          rowKey="order_id"
          size="middle"
          columns={columns}
          dataSource={list.data}
          loading={query.isFetching && query.isPlaceholderData}
          scroll={{ x: 'max-content' }}
          locale={{ emptyText: <EmptyState description={emptyText} /> }}
          pagination={{
            current: page.page,
            pageSize: page.limit,
            total: list.totalPage * page.limit,
            showSizeChanger: true,
            hideOnSinglePage: false,
            onChange: (current, pageSize) =>
              onPage({ page: pageSize === page.limit ? current : 1, limit: pageSize }),
          }}
        />
      )}
    </QueryState>
  );
}
