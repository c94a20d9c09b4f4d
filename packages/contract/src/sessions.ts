import { z } from 'zod';
import { pathId } from './integers.ts';

/** One sign-in of a user that can still be renewed (its refresh token is live). */
export const userSession = z.object({
  /** The sign-in's family id: stable across rotations of its refresh token. */
  id: z.string(),
  /** When the user signed in. */
  created_at: z.string(),
  /** When its token was last renewed (the sign-in itself when never renewed). */
  last_used_at: z.string(),
  expires_at: z.string(),
  address: z.string().nullable(),
  user_agent: z.string().nullable(),
});
export type UserSession = z.infer<typeof userSession>;
export const userSessionList = z.array(userSession);

export const userSessionParams = z.strictObject({
  id: pathId('User'),
  /** A session that is not the user's, or not live, is answered 404 like an unknown one. */
  session: z.string().min(1).max(64),
});

/** The code of an authenticator app: six digits. */
export const totpCode = z
  .string({ error: 'Please enter the 6-digit code' })
  .trim()
  .regex(/^\d{6}$/, { error: 'The code is 6 digits' });

export const totpCodeBody = z.strictObject({ code: totpCode });

export const totpStatus = z.object({ enabled: z.boolean() });
export type TotpStatus = z.infer<typeof totpStatus>;

/** A started enrolment: the secret to type in, or the otpauth URL to show as a QR code. */
export const totpEnrolment = z.object({ secret: z.string(), otpauth_url: z.string() });
export type TotpEnrolment = z.infer<typeof totpEnrolment>;

export const userTotpParams = z.strictObject({ id: pathId('User') });

/** Removing one's own second factor takes a current code or the password; another's, neither. */
export const removeTotpBody = z
  .strictObject({
    code: totpCode.optional(),
    password: z.string().min(1).max(256, 'Password must be at most 256 characters.').optional(),
  })
  // No body at all is null to the route.
  .nullish();
