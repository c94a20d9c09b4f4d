import Timeline from 'antd/es/timeline';
import Typography from 'antd/es/typography';
import dayjs from 'dayjs';
import type { TimelineEntry } from '@roastery/contract';
import { EmptyState } from '../../../components/empty-state.tsx';

function time(at: string): string {
  const date = dayjs(at);
  return date.isValid() ? date.format('HH:mm:ss') : '';
}

/** What the run did, oldest first, as the engine recorded it. */
export function RunTimeline({ entries }: { entries: TimelineEntry[] }) {
  if (entries.length === 0) {
    return <EmptyState title="No events yet" description="Each step's progress appears here." />;
  }
  return (
    <Timeline
      items={entries.map((entry) => ({
        key: entry.id,
        content: (
          <>
            <Typography.Text type="secondary">{time(entry.at)}</Typography.Text>{' '}
            {entry.device_id ? <Typography.Text strong>{entry.device_id}</Typography.Text> : null}{' '}
            {entry.message}
          </>
        ),
      }))}
    />
  );
}
