import { orderNumber } from '@roastery/contract';

/** The spec shows order numbers zero-padded to 6 digits: 42 -> '000042'. */
export const formatOrderNumber = orderNumber;
