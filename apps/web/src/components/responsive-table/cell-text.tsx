import Typography from 'antd/es/typography';
import { useRowLayout } from './row-layout.ts';
import styles from './responsive-table.module.css';

/**
 * Free text of a row (a customer, a device name). In a table it keeps to one line, cut with an
 * ellipsis and given whole in a tooltip when it is too long; on a card it wraps.
 */
export function CellText({ text }: { text: string }) {
  if (useRowLayout() === 'table') {
    return (
      <Typography.Text className={styles.cellText} ellipsis={{ tooltip: text }}>
        {text}
      </Typography.Text>
    );
  }
  return <span className={styles.wrapText}>{text}</span>;
}
