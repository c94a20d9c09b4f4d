import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { eventPage, type EventWhere } from '@roastery/contract';
import { apiRequest } from '../../../lib/api-client.ts';

export const eventKeys = {
  all: ['events'] as const,
  page: (where: EventWhere, page: number, limit: number) =>
    [...eventKeys.all, where, page, limit] as const,
};

export function getEventsQueryOptions(where: EventWhere, page: number, limit: number) {
  return queryOptions({
    queryKey: eventKeys.page(where, page, limit),
    queryFn: ({ signal }) =>
      apiRequest('/event', eventPage, { method: 'POST', body: { where, page, limit }, signal }),
  });
}

/** One page of the events log; the previous page stays on screen while the next loads. */
export function useEvents(where: EventWhere, page: number, limit: number) {
  return useQuery({
    ...getEventsQueryOptions(where, page, limit),
    placeholderData: keepPreviousData,
  });
}
