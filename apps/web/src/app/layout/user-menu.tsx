import { useNavigate } from 'react-router';
import Avatar from 'antd/es/avatar';
import Button from 'antd/es/button';
import Dropdown from 'antd/es/dropdown';
import type { MenuProps } from 'antd/es/menu';
import {
  DownOutlined,
  KeyOutlined,
  LogoutOutlined,
  SettingOutlined,
  TeamOutlined,
} from '@ant-design/icons';
import { useLogout } from '../../features/auth/api/logout.ts';
import { paths } from '../../config/paths.ts';
import { policies } from '../../lib/authorization.ts';
import type { Session } from '../../lib/session.ts';
import styles from './app-layout.module.css';

function initials(name: string): string {
  const letters = name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((part) => part[0]?.toUpperCase() ?? '');
  return letters.join('') || '?';
}

interface UserMenuProps {
  session: Session;
  /** On a phone: the initials alone, named for the user. */
  compact?: boolean;
}

/** The signed-in user's name, with the account and administration actions. */
export function UserMenu({ session, compact = false }: UserMenuProps) {
  const navigate = useNavigate();
  const logout = useLogout({
    onSettled: () => void navigate(paths.login.getHref(), { replace: true }),
  });

  const items: MenuProps['items'] = [
    ...(policies.administration(session.role)
      ? [{ key: 'administration', icon: <TeamOutlined />, label: 'Administration' }]
      : []),
    ...(policies.plantScreens(session.role)
      ? [{ key: 'general-settings', icon: <SettingOutlined />, label: 'General Settings' }]
      : []),
    { key: 'change-password', icon: <KeyOutlined />, label: 'Change Password' },
    { type: 'divider' },
    { key: 'logout', icon: <LogoutOutlined />, label: 'Logout', danger: true },
  ];

  const onClick: MenuProps['onClick'] = ({ key }) => {
    if (key === 'administration') void navigate(paths.admin.users.getHref());
    if (key === 'general-settings') void navigate(paths.generalSettings.getHref());
    if (key === 'change-password') void navigate(paths.changePassword.getHref());
    if (key === 'logout') logout.mutate();
  };

  return (
    <Dropdown menu={{ items, onClick }} trigger={['click']} placement="bottomRight">
      <Button
        type="text"
        className={styles.userButton}
        loading={logout.isPending}
        aria-label={compact ? session.name : undefined}
      >
        <Avatar size={30} className={styles.avatar}>
          {initials(session.name)}
        </Avatar>
        {compact ? null : (
          <>
            <span className={styles.userName}>{session.name}</span>
            <DownOutlined className={styles.userChevron} />
          </>
        )}
      </Button>
    </Dropdown>
  );
}
