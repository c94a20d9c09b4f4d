import { OrderStatus } from '@roastery/contract';

export interface StatusLook {
  label: string;
  /** An antd preset colour for the order number and its tag. */
  color: 'blue' | 'green' | 'brown' | 'red' | 'default';
}

/** The spec's status codes and colours; any other code reads Not Started (grey). */
export function orderStatusLook(status: number): StatusLook {
  switch (status) {
    case OrderStatus.Processing:
      return { label: 'Processing', color: 'blue' };
    case OrderStatus.Finished:
      return { label: 'Finished', color: 'green' };
    case OrderStatus.Packed:
      return { label: 'Packed', color: 'brown' };
    case OrderStatus.NotProcessed:
      return { label: 'Not Processed', color: 'red' };
    default:
      return { label: 'Not Started', color: 'default' };
  }
}
