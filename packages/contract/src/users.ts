import { z } from 'zod';
import { roleIds, type RoleId } from './roles.ts';
import { newPassword } from './password.ts';
import { idParams, int32 } from './integers.ts';
import { totpCode } from './sessions.ts';

const roleId = int32().refine((v): v is RoleId => roleIds.includes(v as RoleId), {
  error: 'Unknown role',
});

const username = z
  .string({ error: 'Username is required' })
  .trim()
  .min(1, { error: 'Please enter your username' })
  .max(64, { error: 'Username must be at most 64 characters' })
  .regex(/^[A-Za-z0-9._@-]+$/, {
    error: 'Username may contain letters, digits and . _ @ - only',
  });

const fullName = z
  .string({ error: 'Full name is required' })
  .trim()
  .min(1, { error: 'Please enter the full name' })
  .max(120, { error: 'Full name must be at most 120 characters' });

// Ceilings no real account reaches: a sign-in's username becomes a throttle key and its password
// is hashed, so neither may be made arbitrarily large.
export const loginBody = z.strictObject({
  username: z
    .string({ error: 'Please enter your username' })
    .min(1, 'Please enter your username')
    .max(64, 'Username must be at most 64 characters'),
  password: z
    .string({ error: 'Please enter your password' })
    .min(1, 'Please enter your password')
    .max(256, 'Password must be at most 256 characters.'),
  /** The authenticator's code, for a user with a second factor; asked after the password. */
  code: totpCode.optional(),
});
export type LoginBody = z.infer<typeof loginBody>;

export const loginReply = z.object({
  full_name: z.string(),
  token: z.string(),
  refreshToken: z.string(),
  role: z.number().int(),
});
export type LoginReply = z.infer<typeof loginReply>;

export const refreshBody = z.strictObject({
  refreshToken: z.string().min(1, 'refreshToken is required'),
});
export const refreshReply = z.object({ token: z.string(), refreshToken: z.string() });
export type RefreshReply = z.infer<typeof refreshReply>;

/** A password change ends every other session and hands this one fresh tokens. */
export const changePasswordReply = refreshReply.extend({ message: z.string() });
export type ChangePasswordReply = z.infer<typeof changePasswordReply>;

export const resetPasswordBody = z.strictObject({
  oldPassword: z.string().min(1, 'Old password is required'),
  newPassword,
});
export type ResetPasswordBody = z.infer<typeof resetPasswordBody>;

export const adminResetPasswordBody = z.strictObject({
  user_id: int32().positive(),
  newPassword,
});
export type AdminResetPasswordBody = z.infer<typeof adminResetPasswordBody>;

export const createUserBody = z.strictObject({
  full_name: fullName,
  username,
  user_role: roleId,
  password: newPassword,
});
export type CreateUserBody = z.infer<typeof createUserBody>;

export const updateUserBody = z
  .strictObject({
    full_name: fullName.optional(),
    username: username.optional(),
    user_role: roleId.optional(),
  })
  .refine((b) => Object.keys(b).length > 0, { error: 'Nothing to update' });
export type UpdateUserBody = z.infer<typeof updateUserBody>;

export const userIdParams = idParams('User');

export const user = z.object({
  id: z.number().int(),
  full_name: z.string(),
  username: z.string(),
  role: z.number().int(),
  role_name: z.string(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type User = z.infer<typeof user>;

export const userList = z.array(user);

export const roleList = z.array(z.object({ role_id: z.number().int(), role_name: z.string() }));
export type RoleEntry = z.infer<typeof roleList>[number];

export const me = z.object({
  id: z.number().int(),
  full_name: z.string(),
  username: z.string(),
  role: z.number().int(),
});
export type Me = z.infer<typeof me>;
