import { unauthorized, unprocessable } from '../../lib/http-errors.ts';
import { SignInThrottled } from './auth-service.ts';
import type { LoginThrottle } from './login-throttle.ts';
import { verifyPassword } from './password-hasher.ts';
import type { UserAccounts } from './user-accounts.ts';

const WRONG_PASSWORD = 'The password is not correct. Nothing was signed.';

/**
 * A signed-in person's password entered again to sign a record (a quality release). Wrong
 * passwords count in the sign-in throttle of the person and the address, so a signature screen
 * is no way around it.
 */
export class PasswordCheck {
  readonly #users: UserAccounts;
  readonly #throttle: LoginThrottle;

  constructor(users: UserAccounts, throttle: LoginThrottle) {
    this.#users = users;
    this.#throttle = throttle;
  }

  /** Throws 422 for a wrong password, 429 while the person or address is slowed down. */
  async confirm(userId: number, password: string, address: string): Promise<void> {
    const user = await this.#users.byId(userId);
    if (!user) throw unauthorized();
    const attempt = this.#throttle.admit(user.username, address);
    if (!attempt.admitted) throw new SignInThrottled(attempt.retryAfterSeconds);
    let accepted: boolean;
    try {
      accepted = await verifyPassword(user.passwordHash, password);
      if (accepted) attempt.succeeded();
      else attempt.failed();
    } finally {
      attempt.release();
    }
    if (!accepted) throw unprocessable(WRONG_PASSWORD);
  }
}
