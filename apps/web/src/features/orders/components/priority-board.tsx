import { useMemo, useState, type ReactNode } from 'react';
import {
  closestCorners,
  DndContext,
  pointerWithin,
  useDroppable,
  type CollisionDetection,
  type DragEndEvent,
  type DragOverEvent,
} from '@dnd-kit/core';
import { SortableContext, useSortable, verticalListSortingStrategy } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import Card from 'antd/es/card';
import { orderPriority, type OrderPriority, type PriorityBody } from '@roastery/contract';
import { DragHandle } from '../../../components/drag-handle.tsx';
import { EmptyState } from '../../../components/empty-state.tsx';
import { useFeedback } from '../../../components/feedback.tsx';
import { formatOrderNumber } from '../../../lib/order-number.ts';
import { SortableHandleContext, useSortableSensors } from '../../../lib/sortable-handle.ts';
import { columnId, moveAcross, moveWithin, sameBoard } from '../lib/board-moves.ts';
import styles from './board.module.css';

const priorities = orderPriority.options;

/**
 * The place under the pointer when there is one (a card is wider than the gap between
 * columns, so its corners alone can name the wrong column); the nearest place for the keyboard.
 */
const collisionDetection: CollisionDetection = (args) => {
  const under = pointerWithin(args);
  return under.length > 0 ? under : closestCorners(args);
};
function SortableCard({
  id,
  title,
  children,
}: {
  id: number;
  title: ReactNode;
  children: ReactNode;
}) {
  const {
    attributes,
    listeners,
    setNodeRef,
    setActivatorNodeRef,
    transform,
    transition,
    isDragging,
  } = useSortable({ id });
  return (
    <SortableHandleContext value={{ setActivatorNodeRef, listeners, attributes }}>
      <div
        ref={setNodeRef}
        style={{ transform: CSS.Translate.toString(transform), transition }}
        className={isDragging ? `${styles.card} ${styles.dragging}` : styles.card}
        data-order-card={id}
      >
        <Card size="small">
          <div className={styles.cardHead}>
            <DragHandle label={`Move order ${formatOrderNumber(id)}`} className={styles.handle} />
            {title}
          </div>
          {children}
        </Card>
      </div>
    </SortableHandleContext>
  );
}

function Column({
  priority,
  count,
  children,
}: {
  priority: OrderPriority;
  count: number;
  children: ReactNode;
}) {
  const { setNodeRef, isOver } = useDroppable({ id: columnId(priority) });
  return (
    <section
      ref={setNodeRef}
      className={isOver ? `${styles.column} ${styles.columnOver}` : styles.column}
      aria-label={`${priority} priority`}
      data-priority-column={priority}
    >
      <div className={styles.columnTitle}>
        <span>{priority}</span>
        <span>{count}</span>
      </div>
      {children}
    </section>
  );
}

export interface PriorityBoardProps<Item extends { order_id: number }> {
  columns: Record<OrderPriority, Item[]>;
  /** The card's head beside the handle, such as the order number. */
  cardTitle: (item: Item) => ReactNode;
  cardBody: (item: Item) => ReactNode;
  /** Saves the new columns; the board shows them until the lists are fetched again. */
  onSave: (body: PriorityBody) => Promise<unknown>;
  /** The spec's text when saving fails. */
  failureMessage: string;
}

/**
 * A kanban of orders in low, medium and high priority columns. A card dragged by its handle
 * (mouse, touch, or keyboard: Space, arrows, Space) to another place is saved at once; if the
 * save fails the board goes back to what the server holds.
 */
export function PriorityBoard<Item extends { order_id: number }>({
  columns,
  cardTitle,
  cardBody,
  onSave,
  failureMessage,
}: PriorityBoardProps<Item>) {
  const { notification } = useFeedback();
  const serverIds = useMemo<PriorityBody>(
    () => ({
      low: columns.low.map((item) => item.order_id),
      medium: columns.medium.map((item) => item.order_id),
      high: columns.high.map((item) => item.order_id),
    }),
    [columns],
  );
  const items = useMemo(
    () =>
      new Map(
        priorities.flatMap((priority) => columns[priority]).map((item) => [item.order_id, item]),
      ),
    [columns],
  );
  const [draft, setDraft] = useState<PriorityBody | null>(null);
  const ids = draft ?? serverIds;

  const sensors = useSortableSensors();

  const onDragOver = ({ active, over }: DragOverEvent) => {
    if (!over) return;
    setDraft((current) => moveAcross(current ?? serverIds, Number(active.id), over.id));
  };

  const onDragEnd = ({ active, over }: DragEndEvent) => {
    const moved = over ? moveWithin(ids, Number(active.id), over.id) : ids;
    if (sameBoard(moved, serverIds)) {
      setDraft(null);
      return;
    }
    setDraft(moved);
    onSave(moved).then(
      () => setDraft(null),
      () => {
        setDraft(null);
        notification.error({ title: 'Error', description: failureMessage });
      },
    );
  };

  return (
    <DndContext
      sensors={sensors}
      collisionDetection={collisionDetection}
      onDragOver={onDragOver}
      onDragEnd={onDragEnd}
      onDragCancel={() => setDraft(null)}
    >
      {/* It scrolls sideways on a narrow screen: the keyboard can reach it to scroll it. */}
      <div className={styles.board} tabIndex={0} role="group" aria-label="Orders by priority">
        {priorities.map((priority) => {
          const columnItems = ids[priority].flatMap((id) => {
            const item = items.get(id);
            return item ? [item] : [];
          });
          return (
            <Column key={priority} priority={priority} count={columnItems.length}>
              <SortableContext
                items={columnItems.map((item) => item.order_id)}
                strategy={verticalListSortingStrategy}
              >
                {columnItems.length === 0 ? <EmptyState /> : null}
                {columnItems.map((item) => (
                  <SortableCard key={item.order_id} id={item.order_id} title={cardTitle(item)}>
                    {cardBody(item)}
                  </SortableCard>
                ))}
              </SortableContext>
            </Column>
          );
        })}
      </div>
    </DndContext>
  );
}
