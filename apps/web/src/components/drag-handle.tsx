import { useContext } from 'react';
import { HolderOutlined } from '@ant-design/icons';
import { SortableHandleContext } from '../lib/sortable-handle.ts';

/**
 * The drag handle of the sortable item around it. A plain button: dnd-kit's keyboard sensor
 * starts only from the exact activator node. Its size is the caller's (className).
 */
export function DragHandle({ label, className }: { label: string; className?: string }) {
  const handle = useContext(SortableHandleContext);
  return (
    <button
      type="button"
      className={className}
      ref={handle?.setActivatorNodeRef}
      {...handle?.attributes}
      {...handle?.listeners}
      aria-label={label}
    >
      <HolderOutlined />
    </button>
  );
}
