import { createContext } from 'react';
import {
  KeyboardSensor,
  PointerSensor,
  useSensor,
  useSensors,
  type DraggableAttributes,
  type DraggableSyntheticListeners,
} from '@dnd-kit/core';
import { sortableKeyboardCoordinates } from '@dnd-kit/sortable';

/** What useSortable gives an item for its drag handle. */
export interface SortableHandle {
  setActivatorNodeRef: (element: HTMLElement | null) => void;
  listeners: DraggableSyntheticListeners;
  attributes: DraggableAttributes;
}

/**
 * A sortable item (a board's card, a table's row) passes its handle's props down to the
 * DragHandle inside it: only the handle starts a drag, so the item's buttons stay plain buttons.
 */
export const SortableHandleContext = createContext<SortableHandle | null>(null);

/**
 * A pointer drag starts once it has moved 5 px (a click on the handle stays a click); the
 * keyboard picks an item up with Space or Enter and moves it between the sortable places.
 */
export function useSortableSensors() {
  return useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 5 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
}
