import type { ReactNode } from 'react';
import {
  BarChartOutlined,
  ClusterOutlined,
  DashboardOutlined,
  FileTextOutlined,
  InboxOutlined,
  ProfileOutlined,
  SettingOutlined,
  SwapOutlined,
} from '@ant-design/icons';
import type { RoleId } from '@roastery/contract';
import { paths } from '../../config/paths.ts';
import { policies } from '../../lib/authorization.ts';

export interface NavigationItem {
  key: string;
  label: string;
  icon: ReactNode;
  href: string;
  /** Route paths that belong to the item, so that it stays selected on its sub-screens. */
  paths: readonly string[];
}

const dashboard: NavigationItem = {
  key: 'dashboard',
  label: 'Dashboard',
  icon: <DashboardOutlined />,
  href: paths.home.getHref(),
  paths: [paths.home.path],
};

const plantItems: NavigationItem[] = [
  {
    key: 'orders',
    label: 'Orders',
    icon: <ProfileOutlined />,
    href: paths.ordersPending.getHref(),
    paths: [
      paths.ordersPending.path,
      paths.ordersRoasting.path,
      paths.ordersPacking.path,
      paths.ordersCompleted.path,
      paths.ordersPackingFinished.path,
    ],
  },
  {
    key: 'devices',
    label: 'Devices',
    icon: <ClusterOutlined />,
    href: paths.devices.getHref(),
    paths: [paths.devices.path],
  },
  {
    key: 'logs',
    label: 'Logs',
    icon: <FileTextOutlined />,
    href: paths.logs.getHref(),
    paths: [paths.logs.path],
  },
  {
    key: 'reports',
    label: 'Reports',
    icon: <BarChartOutlined />,
    href: paths.reports.getHref(),
    // Traceability is a report on lots and orders, reached from the products screen.
    paths: [paths.reports.path, paths.trace.path],
  },
  {
    key: 'transfer',
    label: 'Transfer',
    icon: <SwapOutlined />,
    href: paths.transfer.getHref(),
    paths: [paths.transfer.path],
  },
  {
    key: 'dump',
    label: 'Dump',
    icon: <InboxOutlined />,
    href: paths.dumpTransfer.getHref(),
    paths: [paths.dumpTransfer.path],
  },
  {
    key: 'settings',
    label: 'Settings',
    icon: <SettingOutlined />,
    href: paths.generalSettings.getHref(),
    paths: [paths.generalSettings.path],
  },
];

/** The left navigation of a role: operators see the Dashboard only. */
export function navigationItemsFor(role: RoleId): NavigationItem[] {
  return policies.plantScreens(role) ? [dashboard, ...plantItems] : [dashboard];
}

export function selectedNavigationKey(
  items: readonly NavigationItem[],
  pathname: string,
): string | undefined {
  return items.find((item) => item.paths.includes(pathname))?.key;
}
