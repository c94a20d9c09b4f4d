import { Link } from 'react-router';
import Badge from 'antd/es/badge';
import { BellOutlined } from '@ant-design/icons';
import { paths } from '../../../config/paths.ts';
import styles from './notification-bell.module.css';

/**
 * The header's bell with the count of active notifications. The plant raises none yet, so
 * the count is zero until notifications exist on the server.
 */
export function NotificationBell() {
  return (
    <Link
      to={paths.notifications.getHref()}
      className={styles.bell}
      aria-label="Notifications: none active"
    >
      <Badge count={0} showZero size="small" color="#8c8c8c">
        <BellOutlined className={styles.icon} />
      </Badge>
    </Link>
  );
}
