import { Link } from 'react-router';
import type { TraceBatch } from '@roastery/contract';
import { paths } from '../../../config/paths.ts';
import { formatTraceBatch } from '../../../lib/batch-label.ts';
import styles from './trace-view.module.css';

/** Batches by their order and place in it, each leading to the trace of its order. */
export function TraceBatches({ batches }: { batches: TraceBatch[] }) {
  if (batches.length === 0) return <>—</>;
  return (
    <ul className={styles.batches}>
      {batches.map((batch) => (
        <li key={batch.batch_id}>
          {batch.order_id === null ? (
            formatTraceBatch(batch)
          ) : (
            <Link to={paths.trace.getHref({ order: batch.order_id })}>
              {formatTraceBatch(batch)}
            </Link>
          )}
        </li>
      ))}
    </ul>
  );
}
