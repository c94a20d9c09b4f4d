import type { ReactNode } from 'react';
import Tooltip from 'antd/es/tooltip';
import type { Quality } from '@roastery/contract';
import styles from './live-value.module.css';

/** What a value that is not live is called, in its tooltip and for screen readers. */
export const qualityLabels = { offline: 'No PLC data', stale: 'Stale' } as const;

interface LiveValueProps {
  quality: Quality;
  children: ReactNode;
}

/**
 * A value read from the PLC. A value whose quality is offline or stale is greyed out with a
 * tooltip saying so, so that nobody takes it for the plant's current state.
 */
export function LiveValue({ quality, children }: LiveValueProps) {
  if (quality === 'good') return <>{children}</>;
  const label = qualityLabels[quality];
  return (
    <Tooltip title={label}>
      <span className={styles.notLive} tabIndex={0}>
        {children}
        <span className={styles.visuallyHidden}> ({label})</span>
      </span>
    </Tooltip>
  );
}
