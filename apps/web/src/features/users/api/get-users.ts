import { queryOptions, useQuery } from '@tanstack/react-query';
import { userList, type User } from '@roastery/contract';
import { apiRequest } from '../../../lib/api-client.ts';

export const usersQueryKey = ['users'] as const;

export function getUsers(signal?: AbortSignal): Promise<User[]> {
  return apiRequest('/user', userList, { signal });
}

export function getUsersQueryOptions() {
  return queryOptions({ queryKey: usersQueryKey, queryFn: ({ signal }) => getUsers(signal) });
}

export function useUsers() {
  return useQuery(getUsersQueryOptions());
}
