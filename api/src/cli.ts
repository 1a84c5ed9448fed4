#!/usr/bin/env node
/**
 * For when nobody can log in:
 *   npm run admin -- create --email a@b.org --name "Ada Admin" [--role admin|super_admin]
 *   npm run admin -- reset-password --email a@b.org
 * A new password is generated and printed once; it is never taken from the command line,
 * where shell history would keep it.
 */
import path from 'node:path';
import { parseArgs } from 'node:util';
import { ADMIN_ROLES, fullPermissions, type AdminRole } from '@npo/shared';
import { loadConfig } from './config.js';
import { createDb, type Db } from './db/connection.js';
import { migrateToLatest } from './db/migrate.js';
import { generatePassword, hashPassword } from './lib/passwords.js';
import { createUsersRepository } from './modules/users/repository.js';

const USAGE = `Usage:
  npm run admin -- create --email EMAIL --name NAME [--role admin|super_admin]
  npm run admin -- reset-password --email EMAIL`;

async function create(db: Db, email: string, name: string, role: AdminRole): Promise<string> {
  const users = createUsersRepository(db);
  if (await users.findByEmail(email)) throw new Error(`An account with ${email} already exists: use reset-password.`);
  const password = generatePassword();
  // A CLI-made admin gets every module; narrow it in the console afterwards.
  await users.insert({ name, email, passwordHash: await hashPassword(password), role, permissions: fullPermissions() }, new Date());
  return password;
}

async function resetPassword(db: Db, email: string): Promise<string> {
  const users = createUsersRepository(db);
  const user = await users.findByEmail(email);
  if (!user) throw new Error(`No account with ${email}.`);
  const password = generatePassword();
  await users.setPassword(user.id, await hashPassword(password), new Date());
  await db('users').where({ id: user.id }).update({ is_active: true });
  return password;
}

async function main(): Promise<void> {
  const { positionals, values } = parseArgs({
    allowPositionals: true,
    options: { email: { type: 'string' }, name: { type: 'string' }, role: { type: 'string', default: 'super_admin' } },
  });
  const command = positionals[0];
  const email = values.email?.trim().toLowerCase();
  if (!email || (command !== 'create' && command !== 'reset-password')) throw new Error(USAGE);
  const config = loadConfig();
  const db = createDb({ databaseUrl: config.databaseUrl, sqliteFile: path.join(config.dataDir, 'app.db') });
  try {
    await migrateToLatest(db);
    if (command === 'create') {
      if (!values.name || values.name.trim().length < 2) throw new Error(USAGE);
      if (!(ADMIN_ROLES as readonly string[]).includes(values.role!)) throw new Error(USAGE);
      const password = await create(db, email, values.name.trim(), values.role as AdminRole);
      console.log(`Created ${values.role} ${email}. One-time password: ${password}`);
    } else {
      const password = await resetPassword(db, email);
      console.log(`Password of ${email} reset; older sessions are signed out. New password: ${password}`);
    }
  } finally {
    await db.destroy();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
});
