import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { foodSafetyDay, type FoodSafetyDay } from '@roastery/contract';
import { apiRequest } from '../../../lib/api-client.ts';
import { foodSafetyKeys } from './food-safety-keys.ts';

/** A new monitoring record comes with each batch: the day is read again each half minute. */
const DAY_POLL_MS = 30_000;

export function getFoodSafetyDay(day: string, signal?: AbortSignal): Promise<FoodSafetyDay> {
  return apiRequest(`/food-safety/days/${day}`, foodSafetyDay, { signal });
}

/** A day's records, the open deviations and the day's signatures; the rows stay while another day loads. */
export function useFoodSafetyDay(day: string) {
  return useQuery({
    queryKey: foodSafetyKeys.day(day),
    queryFn: ({ signal }) => getFoodSafetyDay(day, signal),
    placeholderData: keepPreviousData,
    refetchInterval: DAY_POLL_MS,
  });
}
