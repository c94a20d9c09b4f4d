import type { Key, ReactNode } from 'react';

/**
 * One column of a responsive table: a table column on a wide screen, a labelled field of the
 * row's card on a phone.
 */
export interface ResponsiveColumn<Row> {
  /** Unique among the table's columns. */
  key: string;
  /** The column's heading, and the field's label on a card. */
  title: string;
  render: (row: Row) => ReactNode;
  /**
   * Its width on a wide screen, in px. A column without one shares the room the others leave,
   * never less than minWidth: for free text that can be cut (a customer, a product).
   */
  width?: number;
  minWidth?: number;
  /**
   * What the row is about (an order's number, its customer): the head of its card, and kept at
   * the left while the rest of a table too wide for its screen scrolls. Identity columns come
   * first.
   */
  identity?: boolean;
  /** Shown only in the table, or only on the card; in both when not given. */
  only?: 'table' | 'card';
  /** Figures sit at the right of their cell in a table, to compare down the column. */
  align?: 'right';
}

/**
 * What can be done with a row: a column at the right of the table, the foot of the card. Its
 * buttons (ActionButton) are laid out by the table or the card, side by side.
 */
export interface RowActions<Row> {
  title: string;
  /** The column's width, in px: its cell's 16 px of padding and its buttons, 32 px and 4 apart. */
  width: number;
  render: (row: Row) => ReactNode;
}

/**
 * Rows ticked to act on together (roasts to compare): a checkbox at the left of each row of the
 * table, at the foot of each card with its word beside it.
 */
export interface RowSelection<Row> {
  selected: readonly Key[];
  onChange: (keys: Key[]) => void;
  /** The checkbox's word on a card, e.g. 'Compare'. */
  label: string;
  /** What a screen reader and the tests call it, naming the row: 'Compare roast 12'. */
  name: (row: Row) => string;
}

/** The width of a table's checkbox column, in px: the checkbox and its cell's padding. */
export const SELECTION_WIDTH = 40;

/** The least width of a sharing column that names none. */
export const DEFAULT_MIN_WIDTH = 120;

/**
 * How wide the table must be for every column to have its room. Below it the table scrolls
 * sideways (with its identity and actions held in place); above it, it fits. The browser shares
 * the room left by the set widths equally among the other columns, so each of them is counted at
 * the largest least width among them.
 */
export function tableMinWidth<Row>(
  columns: readonly ResponsiveColumn<Row>[],
  actions?: RowActions<Row>,
  selection?: RowSelection<Row>,
): number {
  const shown = columns.filter((column) => column.only !== 'card');
  const sharing = shown.filter((column) => column.width === undefined);
  const share = Math.max(0, ...sharing.map((column) => column.minWidth ?? DEFAULT_MIN_WIDTH));
  const set = shown.reduce((sum, column) => sum + (column.width ?? 0), 0);
  const ends = (actions?.width ?? 0) + (selection ? SELECTION_WIDTH : 0);
  return set + sharing.length * share + ends;
}

/** The columns a card shows: its head (identity) and its labelled fields, in the table's order. */
export function cardParts<Row>(columns: readonly ResponsiveColumn<Row>[]): {
  head: ResponsiveColumn<Row>[];
  fields: ResponsiveColumn<Row>[];
} {
  const shown = columns.filter((column) => column.only !== 'table');
  return {
    head: shown.filter((column) => column.identity === true),
    fields: shown.filter((column) => column.identity !== true),
  };
}
