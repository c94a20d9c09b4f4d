import { useState } from 'react';
import { useSearchParams } from 'react-router';
import Button from 'antd/es/button';
import { FilterOutlined } from '@ant-design/icons';
import { orderMessages, type RoastingOrder } from '@roastery/contract';
import { useFeedback } from '../../../components/feedback.tsx';
import { QueryState } from '../../../components/query-state.tsx';
import { errorMessage } from '../../../lib/error-message.ts';
import { useDeleteOrder } from '../api/delete-order.ts';
import { getAllPendingOrders } from '../api/export-orders.ts';
import { useOrderForm } from '../api/get-order-form.ts';
import { usePendingOrders } from '../api/get-pending-orders.ts';
import type { OrderPage } from '../api/order-keys.ts';
import { useSaveOrderPriority } from '../api/save-priority.ts';
import { useStartOrderAction } from '../hooks/use-start-order.ts';
import { downloadText } from '../lib/download-text.ts';
import { emptyFilters, toOrderWhere, type OrderFilters } from '../lib/order-filters.ts';
import { ordersCsv, ordersCsvFileName } from '../lib/orders-csv.ts';
import { AutoExecutionButton } from './auto-execution-button.tsx';
import { OrderFormModal } from './order-form-modal.tsx';
import { OrderNumber } from './order-number.tsx';
import { OrderToolbarButtons } from './order-toolbar-buttons.tsx';
import { PendingFilters } from './pending-filters.tsx';
import {
  PendingOrderButtons,
  PendingOrderTable,
  type PendingOrderActions,
} from './pending-order-table.tsx';
import { PriorityBoard } from './priority-board.tsx';
import { RoastingCardBody } from './roasting-card-body.tsx';
import { StartDevicesModal } from './start-devices-modal.tsx';
import { ViewSwitch, type OrderView } from './view-switch.tsx';
import styles from './orders.module.css';

const FIRST_PAGE: OrderPage = { page: 1, limit: 10 };

/** Pending roasting orders: list or kanban, filters, CSV export, and the order dialogs. */
export function PendingTab() {
  const [searchParams, setSearchParams] = useSearchParams();
  const [view, setView] = useState<OrderView>('L');
  const [showFilters, setShowFilters] = useState(false);
  const [filters, setFilters] = useState<OrderFilters>(emptyFilters);
  const [filtersKey, setFiltersKey] = useState(0);
  const [page, setPage] = useState<OrderPage>(FIRST_PAGE);
  const [creating, setCreating] = useState(false);
  const [editing, setEditing] = useState<RoastingOrder | undefined>();
  const [choosingDevices, setChoosingDevices] = useState<RoastingOrder | undefined>();
  const [exporting, setExporting] = useState(false);

  const filter = { where: toOrderWhere(filters), query: filters.search.trim() };
  const orders = usePendingOrders(page, filter);
  const products = useOrderForm({ enabled: showFilters });
  const deletion = useDeleteOrder();
  const savePriority = useSaveOrderPriority();
  const starter = useStartOrderAction();
  const { message, notification } = useFeedback();

  const createOpen = creating || searchParams.get('open') === 'true';
  const closeCreate = () => {
    setCreating(false);
    if (searchParams.has('open')) {
      const next = new URLSearchParams(searchParams);
      next.delete('open');
      setSearchParams(next, { replace: true });
    }
  };

  const changeFilters = (next: OrderFilters) => {
    setFilters(next);
    setPage((current) => ({ ...current, page: 1 }));
  };

  const exportCsv = async () => {
    setExporting(true);
    try {
      downloadText(
        ordersCsvFileName(),
        ordersCsv(await getAllPendingOrders(filter)),
        'text/csv;charset=utf-8',
      );
    } catch (error) {
      notification.error({ title: 'Error', description: errorMessage(error) });
    } finally {
      setExporting(false);
    }
  };

  const actions: PendingOrderActions = {
    onDelete: (order) =>
      deletion.mutate(order.order_id, {
        onSuccess: () => void message.success(orderMessages.deleted),
        onError: (error) =>
          notification.error({ title: 'Error', description: errorMessage(error) }),
      }),
    onEdit: setEditing,
    onStart: starter.start,
    onStartWithDevices: setChoosingDevices,
    deletingId: deletion.isPending ? deletion.variables : undefined,
    startingId: starter.startingId,
  };

  return (
    <>
      {starter.contextHolder}
      <div className={styles.toolbar}>
        <div className={styles.toolbarGroup}>
          <ViewSwitch value={view} onChange={setView} />
          <AutoExecutionButton />
        </div>
        <div className={styles.toolbarGroup}>
          {view === 'L' ? (
            <Button
              className={styles.button}
              icon={<FilterOutlined />}
              aria-pressed={showFilters}
              type={showFilters ? 'primary' : 'default'}
              ghost={showFilters}
              onClick={() => setShowFilters((shown) => !shown)}
            >
              Filter
            </Button>
          ) : null}
          <OrderToolbarButtons onNewOrder={() => setCreating(true)} />
        </div>
      </div>
      {view === 'L' && showFilters ? (
        <PendingFilters
          key={filtersKey}
          value={filters}
          products={products.data?.products ?? []}
          exporting={exporting}
          onChange={changeFilters}
          onExport={() => void exportCsv()}
          onReset={() => {
            setFiltersKey((key) => key + 1);
            changeFilters(emptyFilters);
          }}
        />
      ) : null}
      {view === 'L' ? (
        <PendingOrderTable query={orders} page={page} onPage={setPage} actions={actions} />
      ) : (
        <QueryState query={orders}>
          {(data) => (
            <PriorityBoard
              columns={data.kanban}
              cardTitle={(order) => <OrderNumber orderId={order.order_id} status={order.status} />}
              cardBody={(order) => (
                <RoastingCardBody
                  order={order}
                  actions={<PendingOrderButtons order={order} actions={actions} />}
                />
              )}
              onSave={savePriority.mutateAsync}
              failureMessage={orderMessages.boardSaveFailed}
            />
          )}
        </QueryState>
      )}
      <OrderFormModal open={createOpen} onClose={closeCreate} />
      <OrderFormModal
        open={editing !== undefined}
        order={editing}
        onClose={() => setEditing(undefined)}
      />
      <StartDevicesModal order={choosingDevices} onClose={() => setChoosingDevices(undefined)} />
    </>
  );
}
