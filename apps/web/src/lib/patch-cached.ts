import type { QueryClient, QueryKey } from '@tanstack/react-query';

/**
 * Writes an event into a cached reply. Writing marks a reply current: one already marked out of
 * date is marked so again, or the refetch it waits for (now, or when its screen opens) is lost.
 */
export function patchCached<T>(
  queryClient: QueryClient,
  queryKey: QueryKey,
  patch: (data: T) => T,
) {
  const state = queryClient.getQueryState<T>(queryKey);
  if (state?.data === undefined) return undefined;
  const patched = queryClient.setQueryData<T>(queryKey, patch(state.data));
  if (state.isInvalidated) {
    void queryClient.invalidateQueries({ queryKey, exact: true, refetchType: 'none' });
  }
  return patched;
}
