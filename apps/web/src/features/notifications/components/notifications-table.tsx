import Tag from 'antd/es/tag';
import type { Notification } from '@roastery/contract';
import { DateText } from '../../../components/date-text.tsx';
import { EmptyState } from '../../../components/empty-state.tsx';
import { CellText } from '../../../components/responsive-table/cell-text.tsx';
import type { ResponsiveColumn } from '../../../components/responsive-table/columns.ts';
import { ResponsiveTable } from '../../../components/responsive-table/responsive-table.tsx';
import {
  AlarmActionButtons,
  type Acknowledging,
  type AlarmActions,
} from './alarm-action-buttons.tsx';
import { AlarmStateTag } from './alarm-state-tag.tsx';
import { DeviceButton } from './device-button.tsx';
import { NotificationTypeTag } from './notification-type-tag.tsx';
import styles from './notifications.module.css';

interface NotificationsTableProps {
  notifications: Notification[];
  loading: boolean;
  page: number;
  pageSize: number;
  total: number;
  onPageChange: (page: number, pageSize: number) => void;
  onOpenDevice: (deviceCode: string) => void;
  acknowledging: Acknowledging;
  actions: AlarmActions;
}

/** Room for three icon buttons: Acknowledge, Shelve and Out of service. */
const ACTIONS_WIDTH = 136;

const cleared = (item: Notification) =>
  item.clearedAt ? (
    <DateText value={item.clearedAt} style="spelledTime" />
  ) : (
    <Tag color="red">Active</Tag>
  );

/**
 * The notifications: on a wide screen a table whose columns fit a 1366 px screen, the text, state
 * and buttons of every row in view, with when it was cleared under its time and when it was
 * acknowledged under its state; on a phone a card each, its text first and its buttons last.
 */
export function NotificationsTable({
  notifications,
  loading,
  page,
  pageSize,
  total,
  onPageChange,
  onOpenDevice,
  acknowledging,
  actions,
}: NotificationsTableProps) {
  const columns: ResponsiveColumn<Notification>[] = [
    { key: 'head', title: 'Text', identity: true, only: 'card', render: (item) => item.text },
    {
      key: 'type',
      title: 'Type',
      width: 88,
      render: (item) => <NotificationTypeTag type={item.type} />,
    },
    {
      key: 'device',
      title: 'Device',
      width: 88,
      render: (item) => <DeviceButton deviceCode={item.device_id} onOpenDevice={onOpenDevice} />,
    },
    {
      key: 'text',
      title: 'Text',
      minWidth: 240,
      only: 'table',
      render: (item) => <span className={styles.text}>{item.text}</span>,
    },
    { key: 'by', title: 'By', width: 96, render: (item) => <CellText text={item.by} /> },
    {
      key: 'time',
      title: 'Time',
      width: 144,
      only: 'table',
      render: (item) => (
        <div className={styles.lines}>
          <DateText value={item.createdAt} style="notification" />
          {item.clearedAt ? (
            <span className={styles.secondary}>
              Cleared <DateText value={item.clearedAt} style="notification" />
            </span>
          ) : (
            <span>
              <Tag color="red">Active</Tag>
            </span>
          )}
        </div>
      ),
    },
    {
      key: 'state',
      title: 'State',
      // Room for the longest state, 'Returned unacknowledged', on one line.
      width: 208,
      only: 'table',
      render: (item) => (
        <div className={styles.lines}>
          <AlarmStateTag item={item} />
          {item.ackAt ? (
            <span className={styles.secondary}>
              Acknowledged <DateText value={item.ackAt} style="notification" />
            </span>
          ) : null}
        </div>
      ),
    },
    {
      key: 'card-time',
      title: 'Time',
      only: 'card',
      render: (item) => <DateText value={item.createdAt} style="spelledTime" />,
    },
    { key: 'card-cleared', title: 'Cleared', only: 'card', render: cleared },
    {
      key: 'card-state',
      title: 'State',
      only: 'card',
      render: (item) => <AlarmStateTag item={item} />,
    },
    {
      key: 'card-acknowledged',
      title: 'Acknowledged',
      only: 'card',
      render: (item) => <DateText value={item.ackAt} style="spelledTime" />,
    },
  ];

  return (
    <ResponsiveTable<Notification>
      label="Notifications"
      rows={notifications}
      rowKey={(item) => item.id}
      columns={columns}
      actions={{
        title: 'Actions',
        width: ACTIONS_WIDTH,
        render: (item) => (
          <div className={styles.actions}>
            <AlarmActionButtons item={item} actions={actions} acknowledging={acknowledging} />
          </div>
        ),
      }}
      loading={loading}
      pagination={{
        current: page,
        pageSize,
        total,
        hideOnSinglePage: true,
        showSizeChanger: true,
        onChange: onPageChange,
      }}
      empty={
        <EmptyState description="Alarms, warnings and other notifications from the plant appear here." />
      }
    />
  );
}
