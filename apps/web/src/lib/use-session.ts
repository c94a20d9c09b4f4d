import { useSyncExternalStore } from 'react';
import { getSession, subscribeSession, type Session } from './session.ts';

/** The signed-in user, or null; re-renders when the session starts, rotates or ends. */
export function useSession(): Session | null {
  return useSyncExternalStore(subscribeSession, getSession);
}
