import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  roastProfileDetail,
  type ReviseRoastProfileBody,
  type RoastProfileDetail,
} from '@roastery/contract';
import { apiRequest } from '../../../lib/api-client.ts';
import { roastProfileKeys } from './roast-profile-keys.ts';

/** Saves the settings as the profile's next version; the versions before it stay as they were. */
export function reviseRoastProfile(
  id: number,
  body: ReviseRoastProfileBody,
): Promise<RoastProfileDetail> {
  return apiRequest(`/roast-profiles/${id}`, roastProfileDetail, { method: 'PUT', body });
}

export function useReviseRoastProfile(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ReviseRoastProfileBody) => reviseRoastProfile(id, body),
    onSuccess: (revised) => {
      queryClient.setQueryData(roastProfileKeys.detail(id), revised);
      return queryClient.invalidateQueries({ queryKey: roastProfileKeys.list() });
    },
  });
}
