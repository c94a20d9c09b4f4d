import { z } from 'zod';

export const MIN_PASSWORD_LENGTH = 7;

export const passwordMessages = {
  tooShort: 'Password length must be greater than 6 characters.',
  mismatch: 'The Password and Confirm Password must be match.',
} as const;

/** A new password as the server accepts it: the spec's minimum, and a ceiling against hash abuse. */
export const newPassword = z
  .string({ error: 'Password is required' })
  .min(MIN_PASSWORD_LENGTH, { error: passwordMessages.tooShort })
  .max(256, { error: 'Password must be at most 256 characters.' });
