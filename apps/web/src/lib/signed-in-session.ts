import { createContext, useContext } from 'react';
import type { Session } from './session.ts';

/** The session of the signed-in user, provided by the route guard that required it. */
export const SignedInSessionContext = createContext<Session | null>(null);

/** The signed-in user; only for screens behind the session guard. */
export function useSignedInSession(): Session {
  const session = useContext(SignedInSessionContext);
  if (!session) throw new Error('useSignedInSession is used outside the session guard');
  return session;
}
