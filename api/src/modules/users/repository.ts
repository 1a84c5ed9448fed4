import type { Permissions, Role } from '@npo/shared';
import type { Db } from '../../db/connection.js';
import { jsonText } from '../../db/rows.js';
import type { UserRow } from './presenter.js';

export interface NewUser {
  name: string;
  email: string;
  passwordHash: string | null;
  role: Role;
  permissions: Permissions | Record<string, never>;
  isActive?: boolean;
}

export function createUsersRepository(db: Db) {
  const users = () => db('users');
  return {
    findById: (id: number): Promise<UserRow | undefined> => users().where({ id }).first(),
    findByEmail: (email: string): Promise<UserRow | undefined> =>
      users().where({ email: email.toLowerCase() }).first(),

    async insert(user: NewUser, now: Date): Promise<UserRow> {
      const [row] = await users()
        .insert({
          name: user.name,
          email: user.email.toLowerCase(),
          password_hash: user.passwordHash,
          role: user.role,
          permissions: jsonText(user.permissions),
          is_active: user.isActive ?? true,
          token_version: 0,
          created_at: now,
          updated_at: now,
        })
        .returning('*');
      return row as UserRow;
    },

    /** A new password also bumps the token version, so every token issued before stops working. */
    async setPassword(id: number, passwordHash: string, now: Date): Promise<void> {
      await users()
        .where({ id })
        .update({ password_hash: passwordHash, updated_at: now, token_version: db.raw('token_version + 1') });
    },

    async recordLogin(id: number, now: Date): Promise<void> {
      await users().where({ id }).update({ last_login_at: now });
    },

    async countActiveSuperAdmins(): Promise<number> {
      const row = await users().where({ role: 'super_admin', is_active: true }).count({ count: '*' }).first();
      return Number(row?.count ?? 0);
    },
  };
}

export type UsersRepository = ReturnType<typeof createUsersRepository>;
