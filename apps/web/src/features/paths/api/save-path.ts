import { useMutation, useQueryClient } from '@tanstack/react-query';
import { roastingPath, type RoastingPath, type RoastingPathBody } from '@roastery/contract';
import { apiRequest } from '../../../lib/api-client.ts';
import { pathsQueryKey } from './get-paths.ts';

export interface SavePathInput {
  /** The path to edit; a new path when omitted. */
  id?: number;
  body: RoastingPathBody;
}

/** 409 for a name or a way already taken, 422 for a device or workflow of the wrong kind. */
export function savePath({ id, body }: SavePathInput): Promise<RoastingPath> {
  return id === undefined
    ? apiRequest('/path', roastingPath, { method: 'POST', body })
    : apiRequest(`/path/${id}`, roastingPath, { method: 'PUT', body });
}

export function useSavePath() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: savePath,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: pathsQueryKey }),
  });
}
