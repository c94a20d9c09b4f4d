import type { RoastRecordPhases } from '@roastery/contract';
import { formatRoastTime } from '../../../lib/roast-time.ts';
import styles from './phase-bar.module.css';

const phases = [
  { key: 'drying', label: 'Drying', className: styles.drying },
  { key: 'maillard', label: 'Maillard', className: styles.maillard },
  { key: 'development', label: 'Development', className: styles.development },
] as const;

/** Drying, Maillard and development as one bar of the roast's time, with their times and shares. */
export function PhaseBar({ phases: split }: { phases: RoastRecordPhases }) {
  return (
    <div className={styles.root}>
      <div className={styles.bar} role="img" aria-label="Phase split">
        {phases.map((phase) => (
          <div
            key={phase.key}
            className={phase.className}
            style={{ flexGrow: Math.max(0, split[phase.key].pct) }}
          />
        ))}
      </div>
      <dl className={styles.legend}>
        {phases.map((phase) => (
          <div key={phase.key} className={styles.item}>
            <dt>
              <span className={`${styles.swatch} ${phase.className}`} />
              {phase.label}
            </dt>
            <dd>
              {formatRoastTime(split[phase.key].s)} · {split[phase.key].pct.toFixed(1)} %
            </dd>
          </div>
        ))}
        <div className={styles.item}>
          <dt>DTR</dt>
          <dd>{split.development_ratio_pct.toFixed(1)} %</dd>
        </div>
      </dl>
    </div>
  );
}
