import { describe, expect, it } from 'vitest';
import { Role, type RoleId } from '@roastery/contract';
import { paths } from '../../config/paths.ts';
import {
  groupOfNavigationKey,
  isNavigationGroup,
  navigationItemsFor,
  navigationLinks,
  selectedNavigationKey,
} from './navigation-items.tsx';

const labels = (role: RoleId) =>
  navigationItemsFor(role).map((entry) =>
    isNavigationGroup(entry) ? [entry.label, entry.items.map((item) => item.label)] : entry.label,
  );

describe('the left navigation', () => {
  it('gives every role the entries it may open', () => {
    const plant = [
      'Dashboard',
      'Orders',
      'Devices',
      'Logs',
      'Reports',
      'Roasts',
      'Quality',
      'Food Safety',
      'Trends',
      'Transfer',
      'Dump',
    ];
    const configuration = [
      'Device Management',
      'Device Status',
      'Commands',
      'Workflows',
      'Roasting Paths',
      'Plant Settings',
      'Report Settings',
      'System Monitor',
    ];
    expect(labels(Role.Administrator)).toEqual([
      ...plant,
      'Settings',
      'Roast Profiles',
      [
        'Administration',
        [
          'Users',
          'Audit Log',
          ...configuration,
          'Plant Data (MQTT)',
          'Alarm Messages',
          'Alarm Simulator',
        ],
      ],
    ]);
    expect(labels(Role.Supervisor)).toEqual([
      ...plant,
      'Settings',
      'Roast Profiles',
      ['Administration', configuration],
    ]);
    expect(labels(Role.Operator)).toEqual(['Dashboard']);
    // Quality technicians: the lots, their roasts and what they read; not the plant.
    expect(labels(Role.QualityTechnician)).toEqual([
      'Reports',
      'Roasts',
      'Quality',
      'Trends',
      'Roast Profiles',
    ]);
  });

  it("leads an administrator to every admin route's screen or to the screen it is opened from", () => {
    const links = navigationLinks(navigationItemsFor(Role.Administrator));
    const adminRoutes = [...Object.values(paths.admin), paths.alarmSimulator].map((p) => p.path);
    for (const route of adminRoutes) {
      expect(
        links.filter((item) => item.paths.includes(route)).map((item) => item.label),
        route,
      ).toHaveLength(1);
    }
  });

  it('marks the item of a sub-screen and opens its group', () => {
    const entries = navigationItemsFor(Role.Supervisor);
    const cases: [string, string][] = [
      ['/', 'dashboard'],
      ['/trace', 'reports'],
      ['/recall', 'reports'],
      ['/admin/flow/sort/7', 'admin-workflows'],
      ['/admin/device/alarm/GS1/message', 'admin-devices'],
      ['/admin/command/3/input', 'admin-commands'],
      ['/admin/health/plc', 'admin-health'],
      ['/roast-profiles/new', 'roast-profiles'],
      ['/roast-profiles/7', 'roast-profiles'],
      ['/quality/lots/3', 'quality'],
    ];
    for (const [pathname, key] of cases) {
      expect(selectedNavigationKey(entries, pathname), pathname).toBe(key);
    }
    expect(groupOfNavigationKey(entries, 'admin-workflows')).toBe('administration');
    expect(groupOfNavigationKey(entries, 'reports')).toBeUndefined();
    // The user list is an administrator's: a supervisor who types its address has no item.
    expect(selectedNavigationKey(entries, '/admin/users')).toBeUndefined();
  });
});
