import type { RoleId } from '@roastery/contract';

/**
 * The signed-in person behind a request. The auth area makes it from a token and access control
 * puts it on the request, so it belongs to neither.
 */
export interface Principal {
  id: number;
  role: RoleId;
  username: string;
  fullName: string;
}
