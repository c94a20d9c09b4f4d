import Tooltip from 'antd/es/tooltip';
import { ApiOutlined } from '@ant-design/icons';
import { useLiveStatus } from '../../lib/live-status.ts';
import styles from './live-indicator.module.css';

const states = {
  connecting: { label: 'Reconnecting', dot: styles.reconnecting, hint: 'Opening the live stream' },
  live: { label: 'Live', dot: styles.live, hint: 'Plant values update as they change' },
  reconnecting: {
    label: 'Reconnecting',
    dot: styles.reconnecting,
    hint: 'The live stream dropped; screens refresh on a timer until it is back',
  },
  offline: {
    label: 'Offline',
    dot: styles.offline,
    hint: 'The server cannot be reached; screens keep retrying on a timer',
  },
  refused: {
    label: 'Polling',
    dot: styles.reconnecting,
    hint: 'The server declined a live stream; screens refresh on a timer',
  },
} as const;

/** The header's state of the live stream, and a warning when the plant's PLC link is down. */
export function LiveIndicator() {
  const { connection, plc, plcError, refusal } = useLiveStatus();
  const state = states[connection];
  return (
    <>
      {plc === 'down' ? (
        <Tooltip title={plcError ?? 'Device values are not live until the PLC is back'}>
          <span className={`${styles.indicator} ${styles.plcDown}`} role="alert">
            <ApiOutlined /> PLC offline
          </span>
        </Tooltip>
      ) : null}
      <Tooltip title={refusal ?? state.hint}>
        <span
          className={styles.indicator}
          role="status"
          aria-label={`Live updates: ${state.label}`}
        >
          <span className={`${styles.dot} ${state.dot}`} aria-hidden="true" />
          {state.label}
        </span>
      </Tooltip>
    </>
  );
}
