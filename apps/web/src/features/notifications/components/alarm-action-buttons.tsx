import {
  CheckOutlined,
  FieldTimeOutlined,
  RollbackOutlined,
  StopOutlined,
  UndoOutlined,
} from '@ant-design/icons';
import type { Notification } from '@roastery/contract';
import { ActionButton } from '../../../components/responsive-table/action-button.tsx';

/** What a person can do with an alarm besides acknowledging it. */
export interface AlarmActions {
  onShelve: (notification: Notification) => void;
  onUnshelve: (notification: Notification) => void;
  onRemoveFromService: (notification: Notification) => void;
  onReturnToService: (notification: Notification) => void;
  /** The alarm an action is under way for. */
  busyId: number | undefined;
}

/** Acknowledging, and the one a request is under way for. */
export interface Acknowledging {
  onAcknowledge: (notification: Notification) => void;
  acknowledgingId: number | undefined;
}

const SHELVABLE = new Set(['unacknowledged', 'acknowledged', 'returned-unacknowledged']);

interface AlarmActionButtonsProps {
  item: Notification;
  actions: AlarmActions;
  acknowledging: Acknowledging;
}

/**
 * The buttons that act on one notification, those its state allows: Acknowledge first while it
 * is unacknowledged, then shelving and taking its source out of service. Each is named after the
 * notification it acts on, as the list holds many; in a table each shows its icon, on a card its
 * word too.
 */
export function AlarmActionButtons({ item, actions, acknowledging }: AlarmActionButtonsProps) {
  return (
    <>
      {item.ack ? null : (
        <ActionButton
          type="primary"
          icon={<CheckOutlined />}
          label="Acknowledge"
          name={`Acknowledge: ${item.text}`}
          loading={acknowledging.acknowledgingId === item.id}
          onClick={() => acknowledging.onAcknowledge(item)}
        />
      )}
      {item.state === 'shelved' ? (
        <ActionButton
          icon={<UndoOutlined />}
          label="Unshelve"
          name={`Unshelve: ${item.text}`}
          loading={actions.busyId === item.id}
          onClick={() => actions.onUnshelve(item)}
        />
      ) : null}
      {SHELVABLE.has(item.state) ? (
        <ActionButton
          icon={<FieldTimeOutlined />}
          label="Shelve"
          name={`Shelve: ${item.text}`}
          onClick={() => actions.onShelve(item)}
        />
      ) : null}
      {item.source && item.state === 'out-of-service' ? (
        <ActionButton
          icon={<RollbackOutlined />}
          label="Return to service"
          name={`Return to service: ${item.text}`}
          loading={actions.busyId === item.id}
          onClick={() => actions.onReturnToService(item)}
        />
      ) : null}
      {item.source && item.state !== 'out-of-service' && item.state !== 'normal' ? (
        <ActionButton
          danger
          icon={<StopOutlined />}
          label="Out of service"
          name={`Out of service: ${item.text}`}
          onClick={() => actions.onRemoveFromService(item)}
        />
      ) : null}
    </>
  );
}
