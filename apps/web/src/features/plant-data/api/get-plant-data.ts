import { queryOptions, useQuery } from '@tanstack/react-query';
import { plantDataSettings, type PlantDataSettings } from '@roastery/contract';
import { apiRequest } from '../../../lib/api-client.ts';

export const plantDataQueryKey = ['plant-data'] as const;

/** How often the page asks again how publishing goes (connected, queued, dropped). */
const STATUS_REFRESH_MS = 5000;

/** The MQTT configuration (without its secrets) and how publishing goes. */
export function getPlantData(signal?: AbortSignal): Promise<PlantDataSettings> {
  return apiRequest('/admin/plant-data', plantDataSettings, { signal });
}

export function getPlantDataQueryOptions() {
  return queryOptions({
    queryKey: plantDataQueryKey,
    queryFn: ({ signal }) => getPlantData(signal),
    refetchInterval: STATUS_REFRESH_MS,
  });
}

export function usePlantData() {
  return useQuery(getPlantDataQueryOptions());
}
