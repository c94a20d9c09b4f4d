import { useQuery } from '@tanstack/react-query';
import { systemStatusQueryOptions } from '../../../lib/get-system-status.ts';
import { dashboardKeys } from './dashboard-keys.ts';

/** Polled only while the drawer is open; under the plant's keys, so plant events refresh it. */
export function useSystemStatus(enabled: boolean) {
  return useQuery(systemStatusQueryOptions(dashboardKeys.systemStatus(), enabled));
}
