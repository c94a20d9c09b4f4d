import { Link } from 'react-router';
import type { TraceBatch } from '@roastery/contract';
import { paths } from '../../../config/paths.ts';
import { formatTraceBatch } from '../../../lib/batch-label.ts';
import styles from './trace-view.module.css';

/**
 * Batches by their order and place in it, each leading to the trace of its order, and to the
 * roast profile version it ran when its record names one.
 */
export function TraceBatches({ batches }: { batches: TraceBatch[] }) {
  if (batches.length === 0) return <>—</>;
  return (
    <ul className={styles.batches}>
      {batches.map((batch) => (
        <li key={batch.batch_id} className={styles.batch}>
          {batch.order_id === null ? (
            formatTraceBatch(batch)
          ) : (
            <Link to={paths.trace.getHref({ order: batch.order_id })}>
              {formatTraceBatch(batch)}
            </Link>
          )}
          <Link className={styles.profile} to={paths.roastRecordOfBatch.getHref(batch.batch_id)}>
            Roast record
          </Link>
          {batch.roast_profile && (
            <span className={styles.profile}>
              Roast profile:{' '}
              <Link to={paths.roastProfile.getHref(batch.roast_profile.id)}>
                {batch.roast_profile.name} · v{batch.roast_profile.version}
              </Link>
            </span>
          )}
        </li>
      ))}
    </ul>
  );
}
