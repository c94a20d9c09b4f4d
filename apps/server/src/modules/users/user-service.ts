import { randomBytes } from 'node:crypto';
import {
  Role,
  roleIds,
  roleNames,
  type CreateUserBody,
  type RoleEntry,
  type RoleId,
  type UpdateUserBody,
  type User,
} from '@roastery/contract';
import type { Database } from '@roastery/db';
import { conflict, notFound, unprocessable } from '../../lib/http-errors.ts';
import { hashPassword } from '../auth/password-hasher.ts';
import type { AuthService, Principal } from '../auth/auth-service.ts';
import type { PrincipalCache } from '../auth/principal-cache.ts';
import { isUniqueViolation } from '../../lib/db-errors.ts';
import type { ConfigChanged } from '../../plant/hub/config-changes.ts';
import type { UserRepository, UserRow } from './user-repository.ts';

/** The person making a change: the rules refer to their id, the events log to their name. */
export type Actor = Pick<Principal, 'id' | 'fullName'>;

export function presentUser(row: UserRow): User {
  const role = row.role as RoleId;
  return {
    id: row.id,
    full_name: row.fullName,
    username: row.username,
    role,
    role_name: roleNames[role],
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

const duplicateUsername = (username: string) =>
  conflict(`The username '${username}' is already taken.`);

export class UserService {
  readonly #db: Database;
  readonly #users: UserRepository;
  /** Told of every change to a user once it is committed, so that sessions see it at once. */
  readonly #principals: PrincipalCache;
  readonly #sessions: Pick<AuthService, 'endSessions'>;
  readonly #changed: ConfigChanged;

  constructor(
    db: Database,
    users: UserRepository,
    principals: PrincipalCache,
    sessions: Pick<AuthService, 'endSessions'>,
    changed: ConfigChanged,
  ) {
    this.#db = db;
    this.#users = users;
    this.#principals = principals;
    this.#sessions = sessions;
    this.#changed = changed;
  }

  roles(): RoleEntry[] {
    return roleIds.map((id) => ({ role_id: id, role_name: roleNames[id] }));
  }

  async list(): Promise<User[]> {
    return (await this.#users.list()).map(presentUser);
  }

  async get(id: number): Promise<User> {
    const row = await this.#users.findById(id);
    if (!row) throw notFound('User not found.');
    return presentUser(row);
  }

  async create(body: CreateUserBody, by: string): Promise<User> {
    const passwordHash = await hashPassword(body.password);
    try {
      const row = await this.#users.insert({
        fullName: body.full_name,
        username: body.username,
        role: body.user_role,
        passwordHash,
      });
      const user = presentUser(row);
      this.#changed({
        area: 'user',
        action: `created, role ${user.role_name}`,
        target: user.username,
        by,
      });
      return user;
    } catch (error) {
      if (isUniqueViolation(error)) throw duplicateUsername(body.username);
      throw error;
    }
  }

  async update(actor: Actor, id: number, body: UpdateUserBody): Promise<User> {
    try {
      const updated = await this.#db.transaction(async (tx) => {
        const current = await this.#users.findById(id, tx);
        if (!current) throw notFound('User not found.');
        if (body.user_role !== undefined && body.user_role !== current.role) {
          if (id === actor.id) throw unprocessable('You cannot change your own role.');
          await this.#keepOneAdministrator(current, tx);
          // The screens a person sees follow the role given at sign-in: a new role needs one.
          await this.#sessions.endSessions(id, tx);
        }
        const row = await this.#users.update(
          id,
          {
            ...(body.full_name !== undefined ? { fullName: body.full_name } : {}),
            ...(body.username !== undefined ? { username: body.username } : {}),
            ...(body.user_role !== undefined ? { role: body.user_role } : {}),
          },
          tx,
        );
        if (!row) throw notFound('User not found.');
        return { user: presentUser(row), roleChanged: row.role !== current.role };
      });
      this.#principals.invalidate(id);
      this.#changed({
        area: 'user',
        action: updated.roleChanged ? `changed, role ${updated.user.role_name}` : 'changed',
        target: updated.user.username,
        by: actor.fullName,
      });
      return updated.user;
    } catch (error) {
      if (isUniqueViolation(error)) throw duplicateUsername(body.username ?? '');
      throw error;
    }
  }

  async delete(actor: Actor, id: number): Promise<void> {
    if (id === actor.id) throw unprocessable('You cannot delete your own account.');
    const deleted = await this.#db.transaction(async (tx) => {
      const current = await this.#users.findById(id, tx);
      if (!current) throw notFound('User not found.');
      await this.#keepOneAdministrator(current, tx);
      await this.#users.delete(id, tx);
      return current;
    });
    this.#principals.invalidate(id);
    this.#changed({
      area: 'user',
      action: 'deleted',
      target: deleted.username,
      by: actor.fullName,
    });
  }

  async #keepOneAdministrator(
    user: UserRow,
    tx: Parameters<UserRepository['findById']>[1],
  ): Promise<void> {
    if (user.role === Role.Administrator && (await this.#users.countAdministrators(tx)) <= 1) {
      throw conflict('The plant needs at least one administrator.');
    }
  }

  /**
   * On an empty database, creates the administrator account. The password comes from
   * ADMIN_PASSWORD, or is generated and returned so that it can be printed once.
   */
  async ensureInitialAdmin(
    adminPassword: string | undefined,
  ): Promise<{ generatedPassword?: string } | undefined> {
    if ((await this.#users.count()) > 0) return undefined;
    const password = adminPassword ?? randomBytes(12).toString('base64url');
    await this.#users.insert({
      fullName: 'Administrator',
      username: 'admin',
      role: Role.Administrator,
      passwordHash: await hashPassword(password),
    });
    return adminPassword ? {} : { generatedPassword: password };
  }
}
