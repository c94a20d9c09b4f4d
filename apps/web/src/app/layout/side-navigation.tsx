import { useLocation, useNavigate } from 'react-router';
import Menu from 'antd/es/menu';
import type { RoleId } from '@roastery/contract';
import { navigationItemsFor, selectedNavigationKey } from './navigation-items.tsx';

interface SideNavigationProps {
  role: RoleId;
  /** Called after an item is chosen: the phone's drawer closes. */
  onNavigate?: () => void;
}

export function SideNavigation({ role, onNavigate }: SideNavigationProps) {
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const items = navigationItemsFor(role);
  const selected = selectedNavigationKey(items, pathname);

  return (
    <Menu
      theme="dark"
      mode="inline"
      aria-label="Main navigation"
      selectedKeys={selected ? [selected] : []}
      items={items.map((item) => ({ key: item.key, icon: item.icon, label: item.label }))}
      onClick={({ key }) => {
        const target = items.find((item) => item.key === key);
        if (target) void navigate(target.href);
        onNavigate?.();
      }}
    />
  );
}
