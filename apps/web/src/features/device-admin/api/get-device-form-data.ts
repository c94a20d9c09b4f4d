import { queryOptions, useQuery } from '@tanstack/react-query';
import { deviceFormData } from '@roastery/contract';
import type { z } from 'zod';
import { apiRequest } from '../../../lib/api-client.ts';

export type DeviceFormData = z.infer<typeof deviceFormData>;

/** The device types, the stages and the type ids that carry a capacity. */
export function getDeviceFormData(signal?: AbortSignal): Promise<DeviceFormData> {
  return apiRequest('/device/add', deviceFormData, { signal });
}

/** Types and stages change only with the plant model, so a visit fetches them once. */
export function getDeviceFormDataQueryOptions() {
  return queryOptions({
    queryKey: ['device-form-data'],
    queryFn: ({ signal }) => getDeviceFormData(signal),
    staleTime: Infinity,
  });
}

export function useDeviceFormData() {
  return useQuery(getDeviceFormDataQueryOptions());
}
