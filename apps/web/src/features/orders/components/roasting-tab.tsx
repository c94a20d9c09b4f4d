import { useState } from 'react';
import Button from 'antd/es/button';
import DatePicker from 'antd/es/date-picker';
import Segmented from 'antd/es/segmented';
import Tag from 'antd/es/tag';
import { EditOutlined, PauseOutlined, CaretRightOutlined } from '@ant-design/icons';
import { orderMessages, type RoastingOrder } from '@roastery/contract';
import type { Dayjs } from 'dayjs';
import { useFeedback } from '../../../components/feedback.tsx';
import { NotLiveBanner } from '../../../components/not-live-banner.tsx';
import { QueryState } from '../../../components/query-state.tsx';
import { errorMessage } from '../../../lib/error-message.ts';
import { formatOrderNumber } from '../../../lib/order-number.ts';
import { useRoastingOrders } from '../api/get-roasting-orders.ts';
import type { RoastingPeriod } from '../api/order-keys.ts';
import { useSaveOrderPriority } from '../api/save-priority.ts';
import { useSystemStatus } from '../api/get-system-status.ts';
import { useToggleOrder } from '../api/toggle-order.ts';
import { isEditable, isStopRoasting } from '../lib/order-status.ts';
import { OrderFormModal } from './order-form-modal.tsx';
import { OrderNumber } from './order-number.tsx';
import { OrderToolbarButtons } from './order-toolbar-buttons.tsx';
import { PriorityBoard } from './priority-board.tsx';
import { RoastingCardBody } from './roasting-card-body.tsx';
import { SystemStatusPanel } from './system-status-panel.tsx';
import styles from './orders.module.css';

type PeriodChoice = '0' | '7' | '30' | '360' | 'custom';

const periodChoices: { value: PeriodChoice; label: string }[] = [
  { value: '0', label: 'All' },
  { value: '7', label: 'This Week' },
  { value: '30', label: 'This Month' },
  { value: '360', label: 'This Year' },
  { value: 'custom', label: 'Custom Dates' },
];

/** Orders being roasted: a priority board, the system status, and the order and fill forms. */
export function RoastingTab() {
  const [choice, setChoice] = useState<PeriodChoice>('0');
  const [period, setPeriod] = useState<RoastingPeriod>({ kind: 'days', days: '0' });
  const [creating, setCreating] = useState(false);
  const systemStatus = useSystemStatus();
  const [editing, setEditing] = useState<RoastingOrder | undefined>();
  const orders = useRoastingOrders(period);
  const savePriority = useSaveOrderPriority();
  const toggle = useToggleOrder();
  const { notification } = useFeedback();

  const choose = (next: PeriodChoice) => {
    setChoice(next);
    if (next !== 'custom') setPeriod({ kind: 'days', days: next });
  };

  const pickRange = (range: [Dayjs | null, Dayjs | null] | null) => {
    const [from, to] = range ?? [];
    if (from && to) {
      setPeriod({
        kind: 'custom',
        from: from.startOf('day').toISOString(),
        to: to.startOf('day').add(1, 'day').toISOString(),
      });
    }
  };

  const toggleButton = (order: RoastingOrder) => {
    const paused = order.ord_tig === 1;
    return (
      <Button
        danger={!paused}
        className={styles.button}
        icon={paused ? <CaretRightOutlined /> : <PauseOutlined />}
        loading={toggle.isPending && toggle.variables === order.order_id}
        title={paused ? 'Resumes the order: its next batch may start.' : undefined}
        aria-label={`${paused ? 'Cancel stop of' : 'Stop'} order ${formatOrderNumber(order.order_id)}`}
        onClick={() =>
          toggle.mutate(order.order_id, {
            onError: (error) =>
              notification.error({ title: 'Error', description: errorMessage(error) }),
          })
        }
      >
        {/* The spec's word, with what it cancels: the stop, so the order goes on. */}
        {paused ? 'Cancel stop' : 'Stop'}
      </Button>
    );
  };

  return (
    <>
      {/* The roasters' values in the System Status below come from the PLC. */}
      <NotLiveBanner className={styles.notLive} places={systemStatus.data?.roasters} />
      <div className={styles.toolbar}>
        <div className={styles.toolbarGroup}>
          <Segmented<PeriodChoice>
            aria-label="Period"
            size="large"
            value={choice}
            options={periodChoices}
            onChange={choose}
          />
          {choice === 'custom' ? (
            <DatePicker.RangePicker
              aria-label="Custom dates"
              format="DD/MM/YYYY"
              onChange={pickRange}
            />
          ) : null}
        </div>
        <div className={styles.toolbarGroup}>
          <OrderToolbarButtons onNewOrder={() => setCreating(true)} />
        </div>
      </div>
      <QueryState query={orders}>
        {(data) => (
          <PriorityBoard
            columns={data.kanban}
            cardTitle={(order) => (
              <>
                <OrderNumber orderId={order.order_id} status={order.status} />
                {isStopRoasting(order) ? <Tag color="red">Stop Roasting</Tag> : null}
              </>
            )}
            cardBody={(order) => (
              <RoastingCardBody
                order={order}
                actions={
                  <>
                    {toggleButton(order)}
                    {isEditable(order) ? (
                      <Button
                        className={styles.button}
                        icon={<EditOutlined />}
                        aria-label={`Edit order ${formatOrderNumber(order.order_id)}`}
                        onClick={() => setEditing(order)}
                      >
                        Edit
                      </Button>
                    ) : null}
                  </>
                }
              />
            )}
            onSave={savePriority.mutateAsync}
            failureMessage={orderMessages.boardSaveFailed}
          />
        )}
      </QueryState>
      <SystemStatusPanel />
      <OrderFormModal open={creating} onClose={() => setCreating(false)} />
      <OrderFormModal
        open={editing !== undefined}
        order={editing}
        onClose={() => setEditing(undefined)}
      />
    </>
  );
}
