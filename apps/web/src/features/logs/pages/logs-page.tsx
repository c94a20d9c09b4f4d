import { useState } from 'react';
import Card from 'antd/es/card';
import Tabs from 'antd/es/tabs';
import { SettingRef } from '@roastery/contract';
import { LoadError } from '../../../components/load-error.tsx';
import { PageHeader } from '../../../components/page-header.tsx';
import { useSetting } from '../../../lib/get-setting.ts';
import { useEvents } from '../api/get-events.ts';
import { EventFiltersBar } from '../components/event-filters.tsx';
import { EventsTable } from '../components/events-table.tsx';
import { ExportEvents } from '../components/export-events.tsx';
import { currentMonth, whereOf, type EventFilters } from '../lib/event-where.ts';

const DEFAULT_PAGE_SIZE = 10;

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
        <EventsTable
          events={events.data?.data ?? []}
          loading={events.isFetching}
          page={page}
          pageSize={pageSize}
          total={events.data?.total ?? 0}
          onPageChange={(next, size) => {
            setPage(size === pageSize ? next : 1);
            setChosenSize(size);
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
