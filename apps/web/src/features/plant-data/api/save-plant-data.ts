import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  plantDataSettings,
  type PlantDataConfigBody,
  type PlantDataSettings,
} from '@roastery/contract';
import { apiRequest } from '../../../lib/api-client.ts';
import { plantDataQueryKey } from './get-plant-data.ts';

export function savePlantData(body: PlantDataConfigBody): Promise<PlantDataSettings> {
  return apiRequest('/admin/plant-data', plantDataSettings, { method: 'PUT', body });
}

/** Saves and shows the saved configuration with the publisher's new status at once. */
export function useSavePlantData() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: savePlantData,
    onSuccess: (saved) => queryClient.setQueryData(plantDataQueryKey, saved),
  });
}
