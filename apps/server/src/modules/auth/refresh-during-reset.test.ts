import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Role } from '@roastery/contract';
import { buildTestApp, type TestApp } from '../../../test/helper.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

/**
 * Rounds of a refresh and an administrator's reset of the same user, sent together. Without the
 * lock of the user in the refresh, PostgreSQL let about one run in two through 25 rounds with a
 * live session; the embedded database runs one transaction at a time and cannot show it.
 */
const ROUNDS = 50;

describe('a refresh under way while an administrator resets the password', () => {
  it('never leaves a session alive after the reset, whichever of the two commits first', async () => {
    const { id } = await t.services.users.create(
      {
        full_name: 'Rita Race',
        username: 'rita.race',
        user_role: Role.Operator,
        password: 'pass-0',
      },
      'Test setup',
    );
    const outcomes = { refreshedFirst: 0, resetFirst: 0 };
    for (let round = 1; round <= ROUNDS; round++) {
      const login = await t.app.inject({
        method: 'POST',
        url: '/api/user/login',
        payload: { username: 'rita.race', password: `pass-${round - 1}` },
      });
      expect(login.statusCode).toBe(200);
      const { refreshToken } = login.json<{ refreshToken: string }>();

      const [refreshed] = await Promise.allSettled([
        t.services.auth.refresh(refreshToken),
        t.services.auth.adminResetPassword(id, `pass-${round}`, 'Test setup'),
      ]);

      if (refreshed.status === 'fulfilled') {
        outcomes.refreshedFirst += 1;
        // The reset came after this refresh, or while it ran: it ended the session it renewed.
        await expect(t.services.auth.refresh(refreshed.value.refreshToken)).rejects.toThrow();
        expect(await t.services.auth.authenticate(refreshed.value.token)).toBeUndefined();
      } else {
        outcomes.resetFirst += 1;
      }
      expect(await t.services.auth.sessions(id)).toEqual([]);
    }
    expect(outcomes.refreshedFirst + outcomes.resetFirst).toBe(ROUNDS);
  });
});
