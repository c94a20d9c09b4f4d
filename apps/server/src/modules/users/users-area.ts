import type { Database } from '@roastery/db';
import type { AreaRoutes } from '../../lib/area.ts';
import type { ConfigChanged } from '../../plant/hub/config-changes.ts';
import type { AuthService } from '../auth/auth-service.ts';
import type { PrincipalCache } from '../auth/principal-cache.ts';
import { UserCredentials } from './user-credentials.ts';
import { UserRepository } from './user-repository.ts';
import { userRoutes } from './user-routes.ts';
import { UserService } from './user-service.ts';

/** The stored accounts: signing in reads them before the users' service exists. */
export type StoredAccounts = ReturnType<typeof accounts>['accounts'];

/** What the users' service needs from the rest of the console. */
export interface UsersNeeds {
  db: Database;
  accounts: StoredAccounts;
  principals: PrincipalCache;
  auth: AuthService;
  configChanged: ConfigChanged;
}

function accounts({ db }: { db: Database }) {
  const repository = new UserRepository(db);
  return { accounts: { repository, credentials: new UserCredentials(repository) } };
}

const routes: AreaRoutes<{ users: UserService; auth: AuthService }> = async (api, { services }) => {
  await api.register(userRoutes, { prefix: '/user', users: services.users, auth: services.auth });
};

/**
 * The people who sign in. Their accounts come first, as the auth area reads them; the service
 * that manages them ends their sessions, so it comes after auth.
 */
export const usersArea = {
  accounts,
  build: (needs: UsersNeeds) => ({
    users: new UserService(
      needs.db,
      needs.accounts.repository,
      needs.principals,
      needs.auth,
      needs.configChanged,
    ),
  }),
  routes,
};
