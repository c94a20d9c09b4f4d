import type { ReactNode } from 'react';
import Spin from 'antd/es/spin';
import { ValueTrendButton } from '../../../components/value-trend.tsx';
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
  /** The value's historian tag (`GS1/input/5`): a button beside the name opens its trend. */
  tag?: string;
  children: ReactNode;
}

export function CommandItem({ name, switching, tag, children }: CommandItemProps) {
  return (
    <li className={styles.item} aria-label={name}>
      <span className={styles.label}>
        {name} {tag ? <ValueTrendButton tag={tag} label={name} /> : null}
      </span>
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
