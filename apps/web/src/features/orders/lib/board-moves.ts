import { arrayMove } from '@dnd-kit/sortable';
import type { UniqueIdentifier } from '@dnd-kit/core';
import { orderPriority, type OrderPriority, type PriorityBody } from '@roastery/contract';

const priorities = orderPriority.options;

/** The droppable id of a priority column; cards are droppable by their order id. */
export const columnId = (priority: OrderPriority) => `column-${priority}`;

/** The column a card or a column id belongs to. */
function columnOf(ids: PriorityBody, id: UniqueIdentifier): OrderPriority | undefined {
  for (const priority of priorities) {
    if (columnId(priority) === id || ids[priority].includes(Number(id))) return priority;
  }
  return undefined;
}

/** Whether two boards hold the same cards in the same places. */
export function sameBoard(a: PriorityBody, b: PriorityBody): boolean {
  return priorities.every(
    (priority) =>
      a[priority].length === b[priority].length &&
      a[priority].every((id, index) => b[priority][index] === id),
  );
}

/** Moves the dragged card into the column it is over, before the card it is over. */
export function moveAcross(
  ids: PriorityBody,
  active: number,
  over: UniqueIdentifier,
): PriorityBody {
  const from = columnOf(ids, active);
  const to = columnOf(ids, over);
  if (!from || !to || from === to) return ids;
  const target = ids[to];
  const overIndex = target.indexOf(Number(over));
  const index = overIndex === -1 ? target.length : overIndex;
  return {
    ...ids,
    [from]: ids[from].filter((id) => id !== active),
    [to]: [...target.slice(0, index), active, ...target.slice(index)],
  };
}

/** Reorders the dragged card within its column, onto the place of the card it is over. */
export function moveWithin(
  ids: PriorityBody,
  active: number,
  over: UniqueIdentifier,
): PriorityBody {
  const column = columnOf(ids, active);
  if (!column || columnOf(ids, over) !== column) return ids;
  const from = ids[column].indexOf(active);
  const to = ids[column].indexOf(Number(over));
  if (to === -1 || from === to) return ids;
  return { ...ids, [column]: arrayMove(ids[column], from, to) };
}
