/**
 * Accounts made and mended from the command line (src/cli.ts), for when nobody can log in.
 * A new password is generated and returned once; it is never taken from the command line, where
 * shell history would keep it.
 */
import path from 'node:path';
import { adminUserSchema, email as emailField, fullPermissions, type AdminRole } from '@npo/shared';
import { z } from 'zod';
import type { Config } from '../config.js';
import { createDb, type Db } from '../db/connection.js';
import { migrateToLatest } from '../db/migrate.js';
import { nextRevision } from '../db/revisions.js';
import { generatePassword, hashPassword } from '../lib/passwords.js';
import { createUsersRepository } from '../modules/users/repository.js';

/** A refusal to print as it is: the message says what to do instead. */
export class AccountError extends Error {
  override name = 'AccountError';
}

export interface IssuedPassword {
  email: string;
  password: string;
}

export interface CreatedAdmin extends IssuedPassword {
  role: AdminRole;
}

const newAdminSchema = adminUserSchema.pick({ name: true, email: true, role: true });
const emailSchema = emailField('Enter a valid email');

function parsed<T>(schema: z.ZodType<T>, input: unknown): T {
  const result = schema.safeParse(input);
  if (!result.success) throw new AccountError(result.error.issues.map((issue) => issue.message).join('; '));
  return result.data;
}

function isUniqueViolation(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return code === '23505' || code === 'SQLITE_CONSTRAINT_UNIQUE';
}

/** A CLI-made admin gets every module; narrow it in the console afterwards. */
export async function createAdminAccount(
  db: Db,
  input: { email: string; name: string; role?: string },
  now: Date = new Date(),
): Promise<CreatedAdmin> {
  const { name, email, role } = parsed(newAdminSchema, { role: 'super_admin', ...input });
  const users = createUsersRepository(db);
  const exists = () => new AccountError(`An account with ${email} already exists: use reset-password.`);
  if (await users.findByEmail(email)) throw exists();
  const password = generatePassword();
  try {
    await users.insert(
      { name, email, passwordHash: await hashPassword(password, true), role, permissions: fullPermissions() },
      now,
    );
  } catch (error) {
    if (isUniqueViolation(error)) throw exists();
    throw error;
  }
  return { email, role, password };
}

/**
 * A new password that works at once: older sessions and open reset links stop working, a
 * deactivated account is active again, and the login throttle of the address is cleared.
 */
export async function resetAccountPassword(db: Db, email: string, now: Date = new Date()): Promise<IssuedPassword> {
  const address = parsed(emailSchema, email);
  const user = await createUsersRepository(db).findByEmail(address);
  if (!user) throw new AccountError(`No account with ${address}.`);
  const password = generatePassword();
  const passwordHash = await hashPassword(password, true);
  await db.transaction(async (trx) => {
    await createUsersRepository(trx).setPassword(user.id, passwordHash, now);
    // The password is not an admin edit, but the reactivation is: an open console form goes stale.
    await trx('users')
      .where({ id: user.id, is_active: false })
      .update({ is_active: true, ...nextRevision(trx) });
    await trx('auth_tokens').where({ user_id: user.id }).whereNull('used_at').update({ used_at: now });
    await trx('login_failures').where({ email: user.email }).delete();
  });
  return { email: user.email, password };
}

export function createdAdminMessage(created: CreatedAdmin): string {
  return `Created ${created.role} ${created.email}. One-time password: ${created.password}`;
}

export function passwordResetMessage(reset: IssuedPassword): string {
  return `Password of ${reset.email} reset; older sessions are signed out. New password: ${reset.password}`;
}

/** The configured database, migrated, for the length of `work`. */
export async function withDatabase<T>(config: Config, work: (db: Db) => Promise<T>): Promise<T> {
  // A command-line tool (accounts, seed:large's bulk inserts and VACUUM) serves no visitor: no statement timeout.
  const db = createDb({
    databaseUrl: config.databaseUrl,
    sqliteFile: path.join(config.dataDir, 'app.db'),
    statementTimeoutMs: 0,
  });
  try {
    await migrateToLatest(db);
    return await work(db);
  } finally {
    await db.destroy();
  }
}
