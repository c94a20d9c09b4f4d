import { useState } from 'react';
import Input from 'antd/es/input';
import Tag from 'antd/es/tag';
import type { ColumnsType } from 'antd/es/table';
import { orderMessages, type PackingOrder, type RoastingOrder } from '@roastery/contract';
import { DateText } from '../../../components/date-text.tsx';
import { useFinishedOrders } from '../api/get-finished-orders.ts';
import type { OrderPage } from '../api/order-keys.ts';
import { useFinishedPacking } from '../api/packing-orders.ts';
import { orderStatusLook } from '../lib/order-status.ts';
import { roastingOrderColumns } from './order-columns.tsx';
import { packingDateColumns, packingOrderColumns } from './packing-columns.tsx';
import { PagedOrderTable } from './paged-order-table.tsx';
import styles from './orders.module.css';

const FIRST_PAGE: OrderPage = { page: 1, limit: 10 };

/** The search box of a finished list; a new search starts again from page 1. */
function useSearchedPages() {
  const [query, setQuery] = useState('');
  const [page, setPage] = useState<OrderPage>(FIRST_PAGE);
  const search = (
    <div className={styles.toolbar}>
      <Input.Search
        aria-label="Search"
        className={styles.search}
        placeholder={orderMessages.search}
        allowClear
        enterButton
        size="large"
        onSearch={(text) => {
          setQuery(text.trim());
          setPage((current) => ({ ...current, page: 1 }));
        }}
      />
    </div>
  );
  return { query, page, setPage, search };
}

const finishedRoastingColumns: ColumnsType<RoastingOrder> = [
  ...roastingOrderColumns,
  {
    title: 'Status',
    key: 'status',
    render: (_value, order) => {
      const look = orderStatusLook(order.status);
      return (
        <Tag color={look.color} title={order.failure ?? undefined}>
          {look.label}
        </Tag>
      );
    },
  },
  {
    title: 'Finished',
    dataIndex: 'finished_at',
    // A moment beside the list's DD/MM/YYYY dates: spelled, so the two never read apart.
    render: (value: string | null) => <DateText value={value} style="spelledTime" />,
  },
];

/** Roasting Completed: finished, packed and failed roasting orders. */
export function RoastingCompletedTab() {
  const { query, page, setPage, search } = useSearchedPages();
  const orders = useFinishedOrders(page, query);
  return (
    <>
      {search}
      <PagedOrderTable<RoastingOrder>
        query={orders}
        columns={finishedRoastingColumns}
        page={page}
        onPage={setPage}
        emptyText="Roasting orders appear here once their last batch is done."
      />
    </>
  );
}

/** Packing Completed: packed orders, searched by order number or customer. */
export function PackingCompletedTab() {
  const { query, page, setPage, search } = useSearchedPages();
  const orders = useFinishedPacking(page, query);
  return (
    <>
      {search}
      <PagedOrderTable<PackingOrder>
        query={orders}
        columns={[
          ...packingOrderColumns,
          { title: 'Packed (lbs)', dataIndex: 'packed_qty' },
          ...packingDateColumns,
        ]}
        page={page}
        onPage={setPage}
        emptyText="Packing orders appear here once they are packed."
      />
    </>
  );
}
