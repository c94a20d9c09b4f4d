import type { LogEvent } from '@roastery/contract';
import { DateText } from '../../../components/date-text.tsx';
import { EmptyState } from '../../../components/empty-state.tsx';
import { CellText } from '../../../components/responsive-table/cell-text.tsx';
import type { ResponsiveColumn } from '../../../components/responsive-table/columns.ts';
import { ResponsiveTable } from '../../../components/responsive-table/responsive-table.tsx';
import styles from './logs.module.css';

/** An event of no device, or of no one (the plant itself). */
const NONE = '—';

const columns: ResponsiveColumn<LogEvent>[] = [
  {
    key: 'head',
    title: 'Event',
    identity: true,
    only: 'card',
    render: (event) => event.event_description,
  },
  {
    key: 'device',
    title: 'Device',
    width: 180,
    render: (event) => <CellText text={event.device_name || NONE} />,
  },
  {
    key: 'event',
    title: 'Event',
    minWidth: 240,
    only: 'table',
    render: (event) => <span className={styles.event}>{event.event_description}</span>,
  },
  // One line per row: a long name (an older entry names its workflow run too) is cut, whole in
  // the tooltip, rather than wrapped into a column taller than the event.
  {
    key: 'user',
    title: 'By',
    width: 160,
    render: (event) => <CellText text={event.user || NONE} />,
  },
  {
    key: 'time',
    title: 'Time',
    width: 168,
    only: 'table',
    render: (event) => <DateText value={event.event_time} style="notification" />,
  },
  {
    key: 'card-time',
    title: 'Time',
    only: 'card',
    render: (event) => <DateText value={event.event_time} style="spelledTime" />,
  },
];

interface EventsTableProps {
  events: LogEvent[];
  loading: boolean;
  page: number;
  pageSize: number;
  total: number;
  onPageChange: (page: number, pageSize: number) => void;
}

/**
 * The events of a page of the log: a table whose columns fit a 1366 px screen with the time of
 * every event in view, or on a phone a card each, the event first.
 */
export function EventsTable({
  events,
  loading,
  page,
  pageSize,
  total,
  onPageChange,
}: EventsTableProps) {
  return (
    <ResponsiveTable<LogEvent>
      label="Events"
      rows={events}
      rowKey={(event) => event.event_id}
      columns={columns}
      loading={loading}
      empty={
        <EmptyState
          title="No Events Found"
          description="No event matches the device, text and dates chosen."
        />
      }
      pagination={{
        current: page,
        pageSize,
        total,
        showSizeChanger: true,
        showTotal: (count) => `${count.toLocaleString()} events`,
        onChange: onPageChange,
      }}
    />
  );
}
