import type { ReactNode } from 'react';
import { DisconnectOutlined } from '@ant-design/icons';
import type { Quality } from '@roastery/contract';
import { useLiveness } from '../lib/use-liveness.ts';
import styles from './live-value.module.css';

interface LiveValueProps {
  /** The place's quality, as the server says; without it only the PLC link counts. */
  quality?: Quality;
  /** Since when it is not live, as the server says. */
  since?: string | null;
  /** The value. While it is not live it shows only as the last known; none shows nothing. */
  children?: ReactNode;
  /** On one line that may wrap, for table cells, tiles and rows. */
  compact?: boolean;
  className?: string;
}

/**
 * A value read from the PLC, or in its place, while it is not live, what nobody may take for the
 * plant's current state: hatched and grey, 'PLC offline' (or 'No PLC data', 'Stale'), 'Not live
 * since 14:05:09', and the last known value only when there is one, labelled so.
 */
export function LiveValue({
  quality,
  since,
  children,
  compact = false,
  className,
}: LiveValueProps) {
  const liveness = useLiveness(quality && { quality, not_live_since: since });
  if (liveness.live) return <>{children}</>;
  const lastKnown = children !== undefined && children !== null && children !== false;
  return (
    <span
      className={`${styles.notLive} ${compact ? styles.compact : styles.block} ${className ?? ''}`}
      data-live="false"
      title={liveness.description}
    >
      <span className={styles.label}>
        <DisconnectOutlined aria-hidden="true" /> {liveness.label}
      </span>
      {liveness.sinceText ? <span>{liveness.sinceText}</span> : null}
      {lastKnown ? <span className={styles.lastKnown}>Last known: {children}</span> : null}
    </span>
  );
}
