import { packingCheck, type PackingCheckBody } from '@roastery/contract';
import { apiRequest } from '../../../lib/api-client.ts';
import { useFoodSafetyChange } from './use-food-safety-change.ts';

export function recordPackingCheck(body: PackingCheckBody) {
  return apiRequest('/food-safety/packing-checks', packingCheck, { method: 'POST', body });
}

/** The checks at a packing line, by the person signed in; a failure opens a deviation. */
export function useRecordPackingCheck() {
  return useFoodSafetyChange(recordPackingCheck);
}
