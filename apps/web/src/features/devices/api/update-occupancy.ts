import { useMutation, useQueryClient } from '@tanstack/react-query';
import { deviceSummary, type DeviceSummary } from '@roastery/contract';
import { apiRequest } from '../../../lib/api-client.ts';
import { allDevicesQueryKey } from '../../../lib/get-device-list.ts';

export interface OccupancyInput {
  deviceCode: string;
  occupancy: number;
}

/** Corrects a silo's or bin's occupancy by hand, in the device's unit. */
export function updateOccupancy({ deviceCode, occupancy }: OccupancyInput): Promise<DeviceSummary> {
  return apiRequest('/device/update/occupancy', deviceSummary, {
    method: 'POST',
    body: { device_id: deviceCode, occupancy },
  });
}

export function useUpdateOccupancy() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateOccupancy,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: allDevicesQueryKey }),
  });
}
