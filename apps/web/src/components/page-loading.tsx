import Spin from 'antd/es/spin';
import styles from './page-loading.module.css';

/** Shown while a screen's code or first data arrives. */
export function PageLoading() {
  return (
    <div className={styles.root} role="status" aria-live="polite">
      <Spin size="large" description="Loading" />
    </div>
  );
}
