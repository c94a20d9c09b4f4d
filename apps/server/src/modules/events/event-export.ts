import type { Readable } from 'node:stream';
import type { EventExportFormat, LogEvent } from '@roastery/contract';
import { tableExportStream } from '../../lib/table-export.ts';

/** The columns of an export, in order: what the log shows, then who and with what result. */
const columns: { header: string; key: keyof LogEvent; width: number }[] = [
  { header: 'event_id', key: 'event_id', width: 10 },
  { header: 'device_name', key: 'device_name', width: 24 },
  { header: 'event_description', key: 'event_description', width: 60 },
  { header: 'event_time', key: 'event_time', width: 26 },
  { header: 'kind', key: 'kind', width: 12 },
  { header: 'user', key: 'user', width: 20 },
  { header: 'result', key: 'result', width: 12 },
];

/** The export as a byte stream in the asked format; a failure part way ends the stream with it. */
export function exportStream(
  format: EventExportFormat,
  batches: AsyncIterable<LogEvent[]>,
  onError: (err: unknown) => void,
): Readable {
  return tableExportStream(
    format,
    [
      {
        name: 'Events',
        columns: columns.map((c) => ({ ...c, value: (row: LogEvent) => row[c.key] })),
        batches,
      },
    ],
    onError,
  );
}
