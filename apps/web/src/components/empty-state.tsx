import type { ReactNode } from 'react';
import Empty from 'antd/es/empty';
import Typography from 'antd/es/typography';
import styles from './empty-state.module.css';

export const NO_DATA = 'No Data';

interface EmptyStateProps {
  /** The spec's empty text for the screen; 'No Data' unless the spec names another. */
  title?: string;
  /** One line on what will appear here. */
  description?: ReactNode;
  children?: ReactNode;
}

/** The console's empty state: the spec's wording, then what the user can expect to see. */
export function EmptyState({ title = NO_DATA, description, children }: EmptyStateProps) {
  return (
    <Empty
      className={styles.root}
      image={Empty.PRESENTED_IMAGE_SIMPLE}
      description={
        <>
          <Typography.Text strong className={styles.title}>
            {title}
          </Typography.Text>
          {description ? (
            <Typography.Paragraph type="secondary" className={styles.description}>
              {description}
            </Typography.Paragraph>
          ) : null}
        </>
      }
    >
      {children}
    </Empty>
  );
}
