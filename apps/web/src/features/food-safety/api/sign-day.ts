import { foodSafetyDay } from '@roastery/contract';
import { apiRequest } from '../../../lib/api-client.ts';
import { useFoodSafetyChange } from './use-food-safety-change.ts';

export function signDay(day: string, password: string) {
  return apiRequest(`/food-safety/days/${day}/signature`, foodSafetyDay, {
    method: 'POST',
    body: { password },
  });
}

/** The supervisor's verification of a day's records, signed with their password. */
export function useSignDay() {
  return useFoodSafetyChange((input: { day: string; password: string }) =>
    signDay(input.day, input.password),
  );
}
