/** Makes sure somebody can log in to the console on a fresh install. */
import { fullPermissions } from '@npo/shared';
import type { Config } from '../config.js';
import type { Db } from '../db/connection.js';
import { nextRevision } from '../db/revisions.js';
import type { Logger } from '../lib/logger.js';
import { generatePassword, hashPassword, retireIdlePasswordWorkers } from '../lib/passwords.js';
import { createUsersRepository } from '../modules/users/repository.js';

const FALLBACK_EMAIL = 'admin@example.org';

export async function ensureSuperAdmin(db: Db, config: Config, logger: Logger, now: Date): Promise<void> {
  const users = createUsersRepository(db);
  const existing = await db('users').where({ role: 'super_admin' }).first('id');
  if (existing) return;
  const email = (config.superAdmin.email ?? FALLBACK_EMAIL).toLowerCase();
  const password = config.superAdmin.password ?? generatePassword();
  const passwordHash = await hashPassword(password, true);
  // Start-up hashes once: the worker ends now instead of holding its memory through the idle period.
  retireIdlePasswordWorkers();
  const current = await users.findByEmail(email);
  if (current) {
    // Role and status are what the console edits: an admin form holding the old ones must go stale.
    await db('users')
      .where({ id: current.id })
      .update({ role: 'super_admin', is_active: true, ...nextRevision(db) });
    await users.setPassword(current.id, passwordHash, now);
  } else {
    await users.insert(
      { name: config.superAdmin.name, email, passwordHash, role: 'super_admin', permissions: fullPermissions() },
      now,
    );
  }
  // A printed password is for the first sign-in only: the server then asks for a new one first.
  await db('users').where({ email }).update({ must_change_password: !config.superAdmin.password });
  if (config.superAdmin.password) {
    logger.info({ email }, 'super admin created from SUPER_ADMIN_EMAIL / SUPER_ADMIN_PASSWORD');
  } else {
    // Printed once, on purpose: without it nobody could enter a fresh install. Changed at first sign-in.
    logger.warn(
      { email },
      `super admin created with a one-time password: ${password} (set SUPER_ADMIN_PASSWORD to choose it)`,
    );
  }
}
