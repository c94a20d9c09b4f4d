import { fillSiloReply } from '@roastery/contract';
import { apiRequest } from '../../../lib/api-client.ts';
import { useOrdersMutation } from './use-orders-mutation.ts';

export interface FillSiloInput {
  product_id: number;
  silo_id: string;
  roaster_id: string;
  /** The supervisor confirmed roasting into a bin that holds another product. */
  allow_mixed_bin?: boolean;
}

/** Fill WRB Silo: roasts the bean on the roaster into the silo. */
export function fillSilo(body: FillSiloInput) {
  return apiRequest('/orders/fill-silo', fillSiloReply, { method: 'POST', body });
}

export const useFillSilo = () => useOrdersMutation(fillSilo);
