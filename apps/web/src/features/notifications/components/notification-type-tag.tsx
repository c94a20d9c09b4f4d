import Tag from 'antd/es/tag';
import type { NotificationType } from '@roastery/contract';

const colors: Record<NotificationType, string> = {
  alarm: 'red',
  warning: 'orange',
  other: 'default',
};

const labels: Record<NotificationType, string> = {
  alarm: 'Alarm',
  warning: 'Warning',
  other: 'Other',
};

export function NotificationTypeTag({ type }: { type: NotificationType }) {
  return <Tag color={colors[type]}>{labels[type]}</Tag>;
}
