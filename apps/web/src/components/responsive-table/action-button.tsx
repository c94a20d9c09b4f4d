import type { ReactNode, Ref } from 'react';
import Button, { type ButtonProps } from 'antd/es/button';
import Tooltip from 'antd/es/tooltip';
import { useRowLayout } from './row-layout.ts';
import styles from './responsive-table.module.css';

type ActionButtonProps = Omit<ButtonProps, 'children' | 'icon' | 'aria-label' | 'size'> & {
  /** The button's word, as the spec names it: beside the icon on a card, its tooltip in a table. */
  label: string;
  /** The tooltip in a table, where the word alone would say too little; the label otherwise. */
  hint?: string;
  /** What a screen reader and the tests call it, naming the row: 'Delete order 000007'. */
  name: string;
  icon: ReactNode;
  ref?: Ref<HTMLButtonElement>;
};

/**
 * A button acting on one row. In a table it is its icon alone, its word in a tooltip, so a row's
 * actions take little room and leave the row's own columns in view; on a card it is icon and
 * word, large enough for a thumb. Either way its accessible name is the same.
 */
export function ActionButton({ label, hint, name, icon, className, ...rest }: ActionButtonProps) {
  if (useRowLayout() === 'table') {
    return (
      <Tooltip title={hint ?? label}>
        <Button {...rest} className={className} icon={icon} aria-label={name} />
      </Tooltip>
    );
  }
  return (
    <Button
      {...rest}
      className={className ? `${styles.cardButton} ${className}` : styles.cardButton}
      icon={icon}
      aria-label={name}
    >
      {label}
    </Button>
  );
}
