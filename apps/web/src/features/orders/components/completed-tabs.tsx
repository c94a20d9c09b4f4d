import { useState } from 'react';
import { Link } from 'react-router';
import Input from 'antd/es/input';
import Tag from 'antd/es/tag';
import { orderMessages, type PackingOrder, type RoastingOrder } from '@roastery/contract';
import { DateText } from '../../../components/date-text.tsx';
import type { ResponsiveColumn } from '../../../components/responsive-table/columns.ts';
import { paths } from '../../../config/paths.ts';
import { useRowLayout } from '../../../components/responsive-table/row-layout.ts';
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

/**
 * How a roasting order ended and when. Why it failed is the tag's tooltip in a table; a phone
 * has no pointer to hover with, so its card says it in words.
 */
function OrderEnding({ order }: { order: RoastingOrder }) {
  const look = orderStatusLook(order.status);
  const onCard = useRowLayout() === 'card';
  return (
    <div className={styles.ending}>
      <Tag color={look.color} title={order.failure ?? undefined}>
        {look.label}
      </Tag>
      {onCard && order.failure ? <span>{order.failure}</span> : null}
      {/* Spelled beside the list's DD/MM/YYYY dates, so the two never read apart. */}
      <DateText value={order.finished_at} style="spelledTime" />
      {/* The batches' roast records, in the same cell: the list fits a 1366 px screen. */}
      <Link to={paths.roastRecords.getHref({ order: order.order_id })}>Roasts</Link>
    </div>
  );
}

const finishedRoastingColumns: ResponsiveColumn<RoastingOrder>[] = [
  ...roastingOrderColumns,
  // The ending and its moment share a column, so that the list fits a 1366 px screen.
  { key: 'status', title: 'Status', width: 128, render: (order) => <OrderEnding order={order} /> },
];

const finishedPackingColumns: ResponsiveColumn<PackingOrder>[] = [
  ...packingOrderColumns,
  { key: 'packed_qty', title: 'Packed (lbs)', width: 84, render: (order) => order.packed_qty },
  ...packingDateColumns,
];

/** Roasting Completed: finished, packed and failed roasting orders. */
export function RoastingCompletedTab() {
  const { query, page, setPage, search } = useSearchedPages();
  const orders = useFinishedOrders(page, query);
  return (
    <>
      {search}
      <PagedOrderTable<RoastingOrder>
        label="Finished roasting orders"
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
        label="Packed orders"
        query={orders}
        columns={finishedPackingColumns}
        page={page}
        onPage={setPage}
        emptyText="Packing orders appear here once they are packed."
      />
    </>
  );
}
