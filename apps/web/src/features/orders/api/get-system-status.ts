import { useQuery } from '@tanstack/react-query';
import { systemStatusQueryOptions } from '../../../lib/get-system-status.ts';
import { orderKeys } from './order-keys.ts';

/** Under orderKeys.all, so an order event or an order action here refreshes it. */
export function useSystemStatus() {
  return useQuery(systemStatusQueryOptions(orderKeys.systemStatus()));
}
