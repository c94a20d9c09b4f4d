import type { DeviceSummary } from '@roastery/contract';
import styles from './status-lights.module.css';

interface StatusLightsProps {
  statuses: DeviceSummary['statuses'];
}

/** The device statuses that are on now, each as a light in its configured colour. */
export function StatusLights({ statuses }: StatusLightsProps) {
  if (statuses.length === 0) return null;
  return (
    <ul className={styles.lights} aria-label="Status lights">
      {statuses.map((status) => (
        <li key={status.name} className={styles.light}>
          <span
            className={styles.dot}
            style={{ background: status.color, color: status.color }}
            aria-hidden="true"
          />
          {status.name}
        </li>
      ))}
    </ul>
  );
}
