import type { ReactNode } from 'react';
import type { UseQueryResult } from '@tanstack/react-query';
import { EmptyState } from '../../../components/empty-state.tsx';
import { QueryState, TableSkeleton } from '../../../components/query-state.tsx';
import type { ResponsiveColumn, RowActions } from '../../../components/responsive-table/columns.ts';
import { ResponsiveTable } from '../../../components/responsive-table/responsive-table.tsx';
import type { OrderPage } from '../api/order-keys.ts';

interface PagedOrderTableProps<Row extends { order_id: number }> {
  /** Names the list of cards on a phone, e.g. 'Pending orders'. */
  label: string;
  query: UseQueryResult<{ data: Row[]; totalPage: number }>;
  columns: readonly ResponsiveColumn<Row>[];
  actions?: RowActions<Row>;
  page: OrderPage;
  onPage: (page: OrderPage) => void;
  emptyText: ReactNode;
}

/**
 * A server-paged list of orders, pages counted from 1. The server gives the number of pages
 * only, so the pager's total is totalPage times the page size, as the spec has it.
 */
export function PagedOrderTable<Row extends { order_id: number }>({
  label,
  query,
  columns,
  actions,
  page,
  onPage,
  emptyText,
}: PagedOrderTableProps<Row>) {
  return (
    <QueryState query={query} loading={<TableSkeleton />}>
      {(list) => (
        <ResponsiveTable<Row>
          label={label}
          rowKey={(order) => order.order_id}
          columns={columns}
          actions={actions}
          rows={list.data}
          loading={query.isFetching && query.isPlaceholderData}
          empty={<EmptyState description={emptyText} />}
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
