import { useState } from 'react';
import Card from 'antd/es/card';
import Table, { type ColumnsType } from 'antd/es/table';
import Tabs from 'antd/es/tabs';
import Tooltip from 'antd/es/tooltip';
import { SettingRef, type LogEvent } from '@roastery/contract';
import { EmptyState } from '../../../components/empty-state.tsx';
import { LoadError } from '../../../components/load-error.tsx';
import { PageHeader } from '../../../components/page-header.tsx';
import { formatNotificationTime } from '../../../lib/format-date.ts';
import { useSetting } from '../../../lib/get-setting.ts';
import { useEvents } from '../api/get-events.ts';
import { EventFiltersBar } from '../components/event-filters.tsx';
import { ExportEvents } from '../components/export-events.tsx';
import { currentMonth, whereOf, type EventFilters } from '../lib/event-where.ts';
import styles from '../components/logs.module.css';

const DEFAULT_PAGE_SIZE = 10;

const columns: ColumnsType<LogEvent> = [
  { title: 'Device', dataIndex: 'device_name', key: 'device', width: 200 },
  { title: 'Event', dataIndex: 'event_description', key: 'event' },
  {
    title: 'By',
    dataIndex: 'user',
    key: 'user',
    width: 160,
    // One line per row: a long name (an older entry names its workflow run too) is cut, whole in
    // the tooltip, rather than wrapped into a column taller than the event.
    render: (user: string | null) => (
      <Tooltip placement="topLeft" title={user}>
        <span className={styles.by}>{user}</span>
      </Tooltip>
    ),
  },
  {
    title: 'Time',
    dataIndex: 'event_time',
    key: 'time',
    width: 170,
    render: (time: string) => formatNotificationTime(time),
  },
];

function EventsTab() {
  const [filters, setFilters] = useState<EventFilters>(() => ({
    device: undefined,
    text: '',
    range: currentMonth(),
  }));
  const [page, setPage] = useState(1);
  const pageSizeSetting = Number(useSetting(SettingRef.LogPageSize).data?.value);
  const [chosenSize, setChosenSize] = useState<number | null>(null);
  const pageSize = chosenSize ?? (pageSizeSetting > 0 ? pageSizeSetting : DEFAULT_PAGE_SIZE);
  const where = whereOf(filters);
  const events = useEvents(where, page, pageSize);

  const filter = (next: EventFilters) => {
    setFilters(next);
    setPage(1);
  };

  return (
    <>
      <EventFiltersBar value={filters} onChange={filter} />
      {events.isError && !events.data ? (
        <LoadError
          error={events.error}
          retrying={events.isFetching}
          onRetry={() => void events.refetch()}
        />
      ) : (
        <Table<LogEvent>
          rowKey="event_id"
          size="middle"
          loading={events.isFetching}
          columns={columns}
          dataSource={events.data?.data ?? []}
          // Wide enough to read on a phone (it scrolls there); on a wider screen the events wrap
          // so that Time stays in view.
          scroll={{ x: 900 }}
          locale={{
            emptyText: (
              <EmptyState
                title="No Events Found"
                description="No event matches the device, text and dates chosen."
              />
            ),
          }}
          pagination={{
            current: page,
            pageSize,
            total: events.data?.total ?? 0,
            showSizeChanger: true,
            showTotal: (total) => `${total.toLocaleString()} events`,
            onChange: (next, size) => {
              setPage(size === pageSize ? next : 1);
              setChosenSize(size);
            },
          }}
        />
      )}
      <ExportEvents where={where} />
    </>
  );
}

/** The events log: every PLC write, alarm, workflow step and change, filtered and exported. */
export function LogsPage() {
  return (
    <>
      <PageHeader
        title="Logs"
        subtitle="Who did what, and when: PLC writes, alarms, workflow steps, orders, dumps, transfers, sign-ins, settings and configuration changes."
      />
      <Card>
        <Tabs items={[{ key: 'events', label: 'Events', children: <EventsTab /> }]} />
      </Card>
    </>
  );
}
