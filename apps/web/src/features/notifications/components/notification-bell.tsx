import { Link } from 'react-router';
import Badge from 'antd/es/badge';
import Dropdown from 'antd/es/dropdown';
import { BellOutlined } from '@ant-design/icons';
import { EmptyState } from '../../../components/empty-state.tsx';
import { paths } from '../../../config/paths.ts';
import { formatNotificationTime } from '../../../lib/format-date.ts';
import { useActiveNotifications } from '../api/get-active-notifications.ts';
import { AlarmStateTag } from './alarm-state-tag.tsx';
import { NotificationTypeTag } from './notification-type-tag.tsx';
import styles from './notification-bell.module.css';

const LATEST = 5;

/** The header's bell: the count of unacknowledged notifications and the latest of them. */
export function NotificationBell() {
  const active = useActiveNotifications();
  const count = active.data?.count ?? 0;
  const latest = active.data?.data.slice(0, LATEST) ?? [];

  const panel = (
    <div className={styles.panel}>
      <div className={styles.panelHead}>
        <span>Notifications</span>
        <span>{count} unacknowledged</span>
      </div>
      {latest.length === 0 ? (
        <EmptyState description="Nothing needs acknowledging." />
      ) : (
        <ul className={styles.items}>
          {latest.map((item) => (
            <li key={item.id} className={styles.item}>
              <NotificationTypeTag type={item.type} />
              <AlarmStateTag item={item} />
              <span className={styles.itemMeta}>
                {item.device_id ?? 'Plant'} · {formatNotificationTime(item.createdAt)}
              </span>
              <p className={styles.itemText}>{item.text}</p>
            </li>
          ))}
        </ul>
      )}
      <div className={styles.panelFoot}>
        <Link to={paths.notifications.getHref()}>View all notifications</Link>
      </div>
    </div>
  );

  return (
    <Dropdown trigger={['click']} placement="bottomRight" popupRender={() => panel}>
      <button
        type="button"
        className={styles.bell}
        aria-label={`Notifications: ${count} unacknowledged`}
      >
        <Badge count={count} showZero size="small" color={count > 0 ? '#c2362b' : '#8c8c8c'}>
          <BellOutlined className={styles.icon} />
        </Badge>
      </button>
    </Dropdown>
  );
}
