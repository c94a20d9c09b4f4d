import type { Database } from '@roastery/db';
import type { Config } from '../../config.ts';
import type { AreaRoutes } from '../../lib/area.ts';
import type { Cluster } from '../../plant/cluster/cluster.ts';
import type { ConfigChanged } from '../../plant/hub/config-changes.ts';
import type { EventHub } from '../../plant/hub/event-hub.ts';
import { AccessTokens } from './access-tokens.ts';
import { authRoutes } from './auth-routes.ts';
import { AuthService } from './auth-service.ts';
import { DeviceCookies } from './device-cookies.ts';
import { LoginThrottle } from './login-throttle.ts';
import { PasswordCheck } from './password-check.ts';
import { PrincipalCache, principalLoader } from './principal-cache.ts';
import { RefreshTokenRepository } from './refresh-token-repository.ts';
import { SecondFactor } from './second-factor.ts';
import { sessionRoutes } from './session-routes.ts';
import { signInThrottleRoutes } from './sign-in-throttle-routes.ts';
import { signingSecret } from './signing-secret.ts';
import { TotpRepository } from './totp-repository.ts';
import { TotpSecretBox } from './totp-secret-box.ts';
import type { UserAccounts } from './user-accounts.ts';

/** What the auth area needs from the rest of the console. */
export interface AuthNeeds {
  db: Database;
  hub: EventHub;
  config: Config;
  configChanged: ConfigChanged;
  /** The clock of sign-in throttling and second-factor codes. */
  signInClock: () => number;
  /** The stored accounts, from the users area. */
  accounts: {
    repository: Parameters<typeof principalLoader>[0];
    credentials: UserAccounts;
  };
  cluster: Cluster | undefined;
}

async function build(needs: AuthNeeds) {
  const { db, hub, config, signInClock } = needs;
  const principals = new PrincipalCache(principalLoader(needs.accounts.repository), (userId) =>
    hub.publish({ type: 'user-changed', user_id: userId }),
  );
  hub.subscribe('user-changed', (e) => principals.forget(e.user_id), { from: 'other-instances' });
  const secret = await signingSecret(db, config.jwtSecret);
  const throttle = new LoginThrottle({ ...config.login, now: signInClock });
  // Guesses spread over several instances count on each of them.
  hub.subscribe(
    'session',
    (e) =>
      throttle.record(
        e.username,
        e.address,
        e.change === 'refused' ? 'failed' : 'succeeded',
        e.device,
      ),
    { from: 'other-instances' },
  );
  const auth = new AuthService({
    db,
    users: needs.accounts.credentials,
    refreshTokens: new RefreshTokenRepository(db),
    accessTokens: new AccessTokens(secret, config.accessTokenTtlSeconds),
    secondFactor: new SecondFactor(new TotpRepository(db), new TotpSecretBox(secret), signInClock),
    throttle,
    deviceCookies: new DeviceCookies(secret, signInClock),
    principals,
    refreshTtlSeconds: config.refreshTokenTtlSeconds,
    onSignIn: (username, admitted, address, device) =>
      hub.publish({
        type: 'session',
        change: admitted ? 'signed-in' : 'refused',
        username,
        address,
        ...(device === undefined ? {} : { device }),
      }),
    configChanged: needs.configChanged,
  });
  // Changes announced while the hub was cut off were missed: forget the principals kept.
  needs.cluster?.transport.onReconnect(() => principals.forgetAll());
  const passwordCheck = new PasswordCheck(needs.accounts.credentials, throttle);
  return { auth, principals, passwordCheck };
}

const routes: AreaRoutes<{ auth: AuthService }> = async (api, { services }) => {
  const { auth } = services;
  await api.register(authRoutes, { prefix: '/user', auth });
  await api.register(signInThrottleRoutes, { prefix: '/user/throttles', auth });
  await api.register(sessionRoutes, { prefix: '/user', auth });
};

/** Signing in and out, sessions, second factors and the principals requests act as. */
export const authArea = { build, routes };
