import type { ReactNode } from 'react';
import { matchPath } from 'react-router';
import {
  BarChartOutlined,
  ClusterOutlined,
  ControlOutlined,
  DashboardOutlined,
  ExperimentOutlined,
  FileProtectOutlined,
  FileTextOutlined,
  FireOutlined,
  InboxOutlined,
  LineChartOutlined,
  ProfileOutlined,
  SafetyCertificateOutlined,
  SettingOutlined,
  SwapOutlined,
} from '@ant-design/icons';
import type { RoleId } from '@roastery/contract';
import { paths } from '../../config/paths.ts';
import { policies } from '../../lib/authorization.ts';

export interface NavigationItem {
  key: string;
  label: string;
  icon?: ReactNode;
  href: string;
  /** Route patterns that belong to the item, so that it stays selected on its sub-screens. */
  paths: readonly string[];
}

/** A heading that opens to its own items, such as Administration. */
export interface NavigationGroup {
  key: string;
  label: string;
  icon: ReactNode;
  items: readonly NavigationItem[];
}

export type NavigationEntry = NavigationItem | NavigationGroup;

export function isNavigationGroup(entry: NavigationEntry): entry is NavigationGroup {
  return 'items' in entry;
}

const dashboard: NavigationItem = {
  key: 'dashboard',
  label: 'Dashboard',
  icon: <DashboardOutlined />,
  href: paths.home.getHref(),
  paths: [paths.home.path],
};

/** How each product is roasted on each roaster. */
const roastProfiles: NavigationItem = {
  key: 'roast-profiles',
  label: 'Roast Profiles',
  icon: <FireOutlined />,
  href: paths.roastProfiles.getHref(),
  paths: [paths.roastProfiles.path, paths.roastProfileNew.path, paths.roastProfile.path],
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
    // Traceability and its recall report are reached from the reports screen and the products screen.
    paths: [paths.reports.path, paths.trace.path, paths.recall.path],
  },
  {
    key: 'roasts',
    label: 'Roasts',
    icon: <ExperimentOutlined />,
    href: paths.roastRecords.getHref(),
    paths: [paths.roastRecords.path, paths.roastRecord.path, paths.roastRecordOfBatch.path],
  },
  {
    key: 'quality',
    label: 'Quality',
    icon: <SafetyCertificateOutlined />,
    href: paths.quality.getHref(),
    paths: [paths.quality.path, paths.qualityLot.path],
  },
  {
    key: 'food-safety',
    label: 'Food Safety',
    icon: <FileProtectOutlined />,
    href: paths.foodSafety.getHref(),
    paths: [paths.foodSafety.path],
  },
  {
    key: 'trends',
    label: 'Trends',
    icon: <LineChartOutlined />,
    href: paths.trends.getHref(),
    paths: [paths.trends.path],
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
  roastProfiles,
];

/** What a quality technician works with: the lots, their roasts, the reports and the trends. */
const qualityKeys: ReadonlySet<string> = new Set([
  'reports',
  'roasts',
  'quality',
  'trends',
  'roast-profiles',
]);

interface AdministrationItem extends NavigationItem {
  /** The server's rule for the screen's own calls (permissions.ts), as the browser knows it. */
  allow: (role: RoleId) => boolean;
}

/** Every admin screen a person starts from; the rest are reached from these. */
const administrationItems: AdministrationItem[] = [
  {
    key: 'admin-users',
    label: 'Users',
    href: paths.admin.users.getHref(),
    paths: [paths.admin.users.path],
    allow: policies.administration,
  },
  {
    key: 'admin-audit',
    label: 'Audit Log',
    href: paths.admin.audit.getHref(),
    paths: [paths.admin.audit.path],
    allow: policies.administration,
  },
  {
    key: 'admin-devices',
    label: 'Device Management',
    href: paths.admin.devices.getHref(),
    paths: [
      paths.admin.devices.path,
      paths.admin.addDevice.path,
      paths.admin.deviceUpdate.path,
      paths.admin.deviceAlarm.path,
      paths.admin.deviceAlarmMessage.path,
    ],
    allow: policies.plantScreens,
  },
  {
    key: 'admin-device-status',
    label: 'Device Status',
    href: paths.admin.deviceStatus.getHref(),
    paths: [paths.admin.deviceStatus.path],
    allow: policies.plantScreens,
  },
  {
    key: 'admin-commands',
    label: 'Commands',
    href: paths.admin.commands.getHref(),
    paths: [
      paths.admin.commands.path,
      paths.admin.typeBinaryCommands.path,
      paths.admin.typeInputCommands.path,
    ],
    allow: policies.plantScreens,
  },
  {
    key: 'admin-workflows',
    label: 'Workflows',
    href: paths.admin.flows.getHref(),
    paths: [
      paths.admin.flows.path,
      paths.admin.flow.path,
      paths.admin.flowSort.path,
      paths.admin.flowTest.path,
      paths.admin.deviceFlowEdit.path,
    ],
    allow: policies.plantScreens,
  },
  {
    key: 'admin-paths',
    label: 'Roasting Paths',
    href: paths.admin.roastingPaths.getHref(),
    paths: [paths.admin.roastingPaths.path],
    allow: policies.plantScreens,
  },
  {
    key: 'admin-settings',
    label: 'Plant Settings',
    href: paths.admin.settings.getHref(),
    paths: [paths.admin.settings.path],
    allow: policies.plantScreens,
  },
  {
    key: 'admin-reports',
    label: 'Report Settings',
    href: paths.admin.reports.getHref(),
    paths: [paths.admin.reports.path],
    allow: policies.plantScreens,
  },
  {
    key: 'admin-health',
    label: 'System Monitor',
    href: paths.admin.health.getHref(),
    paths: [paths.admin.health.path, paths.admin.healthDetail.path],
    allow: policies.plantScreens,
  },
  {
    key: 'admin-plant-data',
    label: 'Plant Data (MQTT)',
    href: paths.admin.plantData.getHref(),
    paths: [paths.admin.plantData.path],
    allow: policies.administration,
  },
  {
    key: 'admin-alarm-delivery',
    label: 'Alarm Messages',
    href: paths.admin.alarmDelivery.getHref(),
    paths: [paths.admin.alarmDelivery.path],
    allow: policies.administration,
  },
  {
    key: 'admin-alarm-simulator',
    label: 'Alarm Simulator',
    href: paths.alarmSimulator.getHref(),
    paths: [paths.alarmSimulator.path],
    allow: policies.administration,
  },
];

function administrationFor(role: RoleId): NavigationGroup {
  return {
    key: 'administration',
    label: 'Administration',
    icon: <ControlOutlined />,
    items: administrationItems
      .filter((item) => item.allow(role))
      .map(({ key, label, href, paths: itemPaths }) => ({ key, label, href, paths: itemPaths })),
  };
}

/**
 * The left navigation of a role: operators see the Dashboard only (the specification's reduced
 * interface); administrators and supervisors see the plant's screens and the admin screens whose
 * calls the server lets them make; quality technicians see the quality screens and what they
 * read, their home being the quality list rather than the plant's dashboard.
 */
export function navigationItemsFor(role: RoleId): NavigationEntry[] {
  if (policies.plantScreens(role)) return [dashboard, ...plantItems, administrationFor(role)];
  if (policies.qualityScreens(role)) return plantItems.filter((item) => qualityKeys.has(item.key));
  return [dashboard];
}

/** The items that lead somewhere, groups opened. */
export function navigationLinks(entries: readonly NavigationEntry[]): NavigationItem[] {
  return entries.flatMap((entry) => (isNavigationGroup(entry) ? entry.items : [entry]));
}

export function selectedNavigationKey(
  entries: readonly NavigationEntry[],
  pathname: string,
): string | undefined {
  return navigationLinks(entries).find((item) =>
    item.paths.some((pattern) => matchPath(pattern, pathname)),
  )?.key;
}

/** The group that holds an item, so that it opens on the item's screens. */
export function groupOfNavigationKey(
  entries: readonly NavigationEntry[],
  key: string | undefined,
): string | undefined {
  return entries.find(
    (entry) => isNavigationGroup(entry) && entry.items.some((item) => item.key === key),
  )?.key;
}
