import type { ReactNode } from 'react';
import Spin from 'antd/es/spin';
import type { DeviceView } from '../lib/use-device-view.ts';
import styles from './command-item.module.css';

interface CommandListProps {
  view: DeviceView;
  label: string;
  children: ReactNode;
}

/** The commands of one tab, as rows (list view) or tiles (card view). */
export function CommandList({ view, label, children }: CommandListProps) {
  return (
    <ul className={view === 'card' ? styles.cards : styles.list} aria-label={label}>
      {children}
    </ul>
  );
}

interface CommandItemProps {
  name: string;
  /** Shown while the PLC's feedback differs from what the console wrote. */
  switching: boolean;
  children: ReactNode;
}

export function CommandItem({ name, switching, children }: CommandItemProps) {
  return (
    <li className={styles.item} aria-label={name}>
      <span className={styles.label}>{name}</span>
      {switching ? (
        <span className={styles.status} role="status">
          <Spin size="small" /> Switching
        </span>
      ) : null}
      <span className={styles.control}>{children}</span>
    </li>
  );
}

export const commandStyles = styles;
