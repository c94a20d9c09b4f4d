import { useEffect, useRef, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import Menu from 'antd/es/menu';
import type { MenuProps, MenuRef } from 'antd/es/menu';
import type { RoleId } from '@roastery/contract';
import {
  groupOfNavigationKey,
  isNavigationGroup,
  navigationItemsFor,
  navigationLinks,
  selectedNavigationKey,
  type NavigationItem,
} from './navigation-items.tsx';

interface SideNavigationProps {
  role: RoleId;
  /** The rail shows icons only: a group opens as a pop-up, not in place. */
  collapsed?: boolean;
  /** Called after an item is chosen: the phone's drawer closes. */
  onNavigate?: () => void;
}

// A group taller than the space below it (Administration, in a short window) would flip its
// pop-up off the top of the window; it moves up to stay whole instead.
const railPlacements = {
  rightTop: { points: ['tl', 'tr'], overflow: { adjustX: 1, adjustY: 1, shiftY: true } },
};

const menuItem = (item: NavigationItem) => ({ key: item.key, icon: item.icon, label: item.label });

export function SideNavigation({ role, collapsed = false, onNavigate }: SideNavigationProps) {
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const entries = navigationItemsFor(role);
  const selected = selectedNavigationKey(entries, pathname);

  // The group of the screen shown opens whenever a screen of it is reached (from the user menu
  // too); a group the user opened or closed stays so until then.
  const activeGroup = groupOfNavigationKey(entries, selected);
  const [openKeys, setOpenKeys] = useState<string[]>(activeGroup ? [activeGroup] : []);
  const [openedFor, setOpenedFor] = useState(activeGroup);
  if (activeGroup !== openedFor) {
    setOpenedFor(activeGroup);
    if (activeGroup && !openKeys.includes(activeGroup)) setOpenKeys([...openKeys, activeGroup]);
  }

  // A screen reached without the navigation (an address, a link, the user menu) may mark an item
  // below the column's fold, in an open Administration group: it is scrolled into view.
  const menu = useRef<MenuRef>(null);
  useEffect(() => {
    menu.current?.menu?.list
      .querySelector('.ant-menu-item-selected')
      ?.scrollIntoView({ block: 'nearest' });
  }, [selected]);

  const items: MenuProps['items'] = entries.map((entry) =>
    isNavigationGroup(entry)
      ? {
          key: entry.key,
          icon: entry.icon,
          label: entry.label,
          children: entry.items.map(menuItem),
        }
      : menuItem(entry),
  );

  return (
    <Menu
      ref={menu}
      theme="dark"
      mode="inline"
      aria-label="Main navigation"
      selectedKeys={selected ? [selected] : []}
      // A pop-up held open by these keys would never close, so the rail leaves them to the menu.
      openKeys={collapsed ? undefined : openKeys}
      onOpenChange={setOpenKeys}
      builtinPlacements={railPlacements}
      items={items}
      onClick={({ key }) => {
        const target = navigationLinks(entries).find((item) => item.key === key);
        if (target) void navigate(target.href);
        onNavigate?.();
      }}
    />
  );
}
