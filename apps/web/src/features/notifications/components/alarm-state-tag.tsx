import dayjs from 'dayjs';
import type { AlarmState, Notification } from '@roastery/contract';
import styles from './alarm-state-tag.module.css';

const labels: Record<Exclude<AlarmState, 'shelved'>, string> = {
  normal: 'Normal',
  unacknowledged: 'Unacknowledged',
  acknowledged: 'Acknowledged',
  'returned-unacknowledged': 'Returned unacknowledged',
  suppressed: 'Suppressed',
  'out-of-service': 'Out of service',
};

/** The ISA-18.2 state as the screens name it; a shelve names its end. */
export function alarmStateLabel(item: Pick<Notification, 'state' | 'shelvedUntil'>): string {
  if (item.state === 'shelved') {
    return item.shelvedUntil
      ? `Shelved until ${dayjs(item.shelvedUntil).format('HH:mm')}`
      : 'Shelved';
  }
  return labels[item.state];
}

export function AlarmStateTag({ item }: { item: Pick<Notification, 'state' | 'shelvedUntil'> }) {
  return <span className={`${styles.tag} ${styles[item.state]}`}>{alarmStateLabel(item)}</span>;
}
