import { useQuery } from '@tanstack/react-query';
import { criticalLimits, type CriticalLimitsBody } from '@roastery/contract';
import { apiRequest } from '../../../lib/api-client.ts';
import { foodSafetyKeys } from './food-safety-keys.ts';
import { useFoodSafetyChange } from './use-food-safety-change.ts';

export function getCriticalLimits(productId: number, signal?: AbortSignal) {
  return apiRequest(`/food-safety/limits/${productId}`, criticalLimits, { signal });
}

/** A product's critical limits; nothing is asked until a product is chosen. */
export function useCriticalLimits(productId: number | undefined) {
  return useQuery({
    queryKey: foodSafetyKeys.limits(productId ?? 0),
    queryFn: ({ signal }) => getCriticalLimits(productId ?? 0, signal),
    enabled: productId !== undefined,
  });
}

export function saveCriticalLimits(productId: number, body: CriticalLimitsBody) {
  return apiRequest(`/food-safety/limits/${productId}`, criticalLimits, {
    method: 'PUT',
    body,
  });
}

export function useSaveCriticalLimits() {
  return useFoodSafetyChange((input: { productId: number; body: CriticalLimitsBody }) =>
    saveCriticalLimits(input.productId, input.body),
  );
}
