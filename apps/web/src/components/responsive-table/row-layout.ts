import { createContext, use } from 'react';

/**
 * Where a row's contents are drawn: a table cell has little room, so its buttons show icons
 * only and long text is cut; a card has the phone's full width, so its buttons keep their words
 * and text wraps. Outside a responsive table (a kanban card), contents read as on a card.
 */
export type RowLayout = 'table' | 'card';

export const RowLayoutContext = createContext<RowLayout>('card');

export function useRowLayout(): RowLayout {
  return use(RowLayoutContext);
}
