import type { OrderWhere } from '@roastery/contract';

/** The page of a paged order list and, for the pending list, its filter. */
export interface OrderPage {
  page: number;
  limit: number;
}

/** The roasting tab's period: days back (0 for all), or a custom range of ISO timestamps. */
export type RoastingPeriod =
  { kind: 'days'; days: '0' | '7' | '30' | '360' } | { kind: 'custom'; from: string; to: string };

/**
 * Every order query sits under orderKeys.all, so a live order event (or any change made here)
 * refreshes all five tabs with one invalidation.
 */
export const orderKeys = {
  all: ['orders'] as const,
  pending: (page: OrderPage, where: OrderWhere, query: string) =>
    [...orderKeys.all, 'pending', page, where, query] as const,
  roasting: (period: RoastingPeriod) => [...orderKeys.all, 'roasting', period] as const,
  finished: (page: OrderPage, query: string) =>
    [...orderKeys.all, 'finished', page, query] as const,
  form: () => [...orderKeys.all, 'form'] as const,
  fillForm: () => [...orderKeys.all, 'form', 'fill'] as const,
  packing: () => [...orderKeys.all, 'packing'] as const,
  packingForm: () => [...orderKeys.all, 'packing', 'form'] as const,
  packingFinished: (page: OrderPage, query: string) =>
    [...orderKeys.all, 'packing', 'finished', page, query] as const,
  systemStatus: () => [...orderKeys.all, 'system-status'] as const,
  paths: (orderId: number) => [...orderKeys.all, 'paths', orderId] as const,
};
