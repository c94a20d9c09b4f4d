import { OrderStatus } from '@roastery/contract';

/** Roasting orders not started yet: the pending tab. */
export const PENDING_STATUSES: readonly number[] = [OrderStatus.NotStarted];
/** Roasting orders under way (paused ones included): the roasting tab and the active list. */
export const ROASTING_STATUSES: readonly number[] = [OrderStatus.Processing, OrderStatus.Paused];
/** Roasting orders that are done, well or not: the roasting completed tab. */
export const FINISHED_STATUSES: readonly number[] = [
  OrderStatus.Finished,
  OrderStatus.Packed,
  OrderStatus.NotProcessed,
];
