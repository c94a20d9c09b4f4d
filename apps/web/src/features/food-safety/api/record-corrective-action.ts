import { deviation, type CorrectiveActionBody } from '@roastery/contract';
import { apiRequest } from '../../../lib/api-client.ts';
import { useFoodSafetyChange } from './use-food-safety-change.ts';

export function recordCorrectiveAction(deviationId: number, body: CorrectiveActionBody) {
  return apiRequest(`/food-safety/deviations/${deviationId}/corrective-action`, deviation, {
    method: 'POST',
    body,
  });
}

/** Who did what, and when, about a deviation: it closes the deviation. */
export function useRecordCorrectiveAction() {
  return useFoodSafetyChange((input: { deviationId: number; body: CorrectiveActionBody }) =>
    recordCorrectiveAction(input.deviationId, input.body),
  );
}
