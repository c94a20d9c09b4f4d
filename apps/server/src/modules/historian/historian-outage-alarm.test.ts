import { describe, expect, it, vi } from 'vitest';
import { silentLogger } from '../../lib/silent-logger.ts';
import type { RaiseNotification } from '../notifications/raise-notification.ts';
import {
  HISTORIAN_OUTAGE_SOURCE,
  HISTORIAN_OVERFLOW_SOURCE,
  historianOutageAlarm,
} from './historian-outage-alarm.ts';

function notifications() {
  return {
    raise: vi.fn((_raised: RaiseNotification) => Promise.resolve(undefined)),
    clear: vi.fn((_source: string) => Promise.resolve()),
  };
}

describe("the historian's outage alarms", () => {
  it('raises an alarm as writes fail, another once values are lost, and clears both after', () => {
    const n = notifications();
    const outage = historianOutageAlarm(n, silentLogger);
    outage.began(1_250);
    outage.overflowing(200_000);
    expect(n.raise.mock.calls).toEqual([
      [
        {
          type: 'alarm',
          by: 'console',
          source: HISTORIAN_OUTAGE_SOURCE,
          text: "The historian could not write the plant's values; 1,250 wait in memory and are written once the database takes them again. Check the database.",
        },
      ],
      [
        {
          type: 'alarm',
          by: 'console',
          source: HISTORIAN_OVERFLOW_SOURCE,
          text: "The historian's buffer is full (200,000 values): the oldest values are being lost until the database takes them again.",
        },
      ],
    ]);
    outage.ended(93_400, 4_021);
    expect(n.clear.mock.calls).toEqual([[HISTORIAN_OUTAGE_SOURCE], [HISTORIAN_OVERFLOW_SOURCE]]);
    expect(n.raise.mock.calls[2]).toEqual([
      {
        type: 'other',
        by: 'console',
        text: "The historian writes the plant's values again after 93 s; 4,021 values were lost.",
      },
    ]);
  });

  it('says no value was lost when the buffer held them all', () => {
    const n = notifications();
    historianOutageAlarm(n, silentLogger).ended(12_000, 0);
    expect(n.raise.mock.calls[0]?.[0]?.text).toBe(
      "The historian writes the plant's values again after 12 s; no value was lost.",
    );
  });

  it('logs a notification it could not raise and goes on', async () => {
    const n = notifications();
    n.raise.mockImplementation(() => Promise.reject(new Error('database gone')));
    const error = vi.fn();
    const logger = Object.assign(Object.create(silentLogger) as typeof silentLogger, { error });
    historianOutageAlarm(n, logger).began(3);
    await vi.waitFor(() => expect(error).toHaveBeenCalledTimes(1));
    expect(error.mock.calls[0]?.[1]).toBe('historian alarm not raised');
  });
});
