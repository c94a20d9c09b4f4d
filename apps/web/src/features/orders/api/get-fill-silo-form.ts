import { queryOptions, useQuery } from '@tanstack/react-query';
import { fillSiloForm, type FillSiloForm } from '@roastery/contract';
import { apiRequest } from '../../../lib/api-client.ts';
import { orderKeys } from './order-keys.ts';

/** The Bean, Silo and Roaster choices of the Fill WRB Silo form. */
export function getFillSiloForm(signal?: AbortSignal): Promise<FillSiloForm> {
  return apiRequest('/orders/form/fill', fillSiloForm, { signal });
}

export function getFillSiloFormQueryOptions() {
  return queryOptions({
    queryKey: orderKeys.fillForm(),
    queryFn: ({ signal }) => getFillSiloForm(signal),
  });
}

export function useFillSiloForm(options: { enabled: boolean }) {
  return useQuery({ ...getFillSiloFormQueryOptions(), enabled: options.enabled, staleTime: 0 });
}
