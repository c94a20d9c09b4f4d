import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  roastProfileDetail,
  type CreateRoastProfileBody,
  type RoastProfileDetail,
} from '@roastery/contract';
import { apiRequest } from '../../../lib/api-client.ts';
import { roastProfileKeys } from './roast-profile-keys.ts';

export function createRoastProfile(body: CreateRoastProfileBody): Promise<RoastProfileDetail> {
  return apiRequest('/roast-profiles', roastProfileDetail, { method: 'POST', body });
}

export function useCreateRoastProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createRoastProfile,
    onSuccess: (created) => {
      queryClient.setQueryData(roastProfileKeys.detail(created.id), created);
      return queryClient.invalidateQueries({ queryKey: roastProfileKeys.list() });
    },
  });
}
