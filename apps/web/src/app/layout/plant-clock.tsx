import { useEffect, useState } from 'react';
import { formatNotificationTime } from '../../lib/format-date.ts';
import styles from './app-layout.module.css';

const TICK_MS = 10_000;

/** The plant's local date and time, as events and notifications show it. */
export function PlantClock() {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const timer = window.setInterval(() => setNow(new Date()), TICK_MS);
    return () => window.clearInterval(timer);
  }, []);
  return (
    <time className={styles.clock} dateTime={now.toISOString()}>
      {formatNotificationTime(now)}
    </time>
  );
}
