#!/usr/bin/env node
/**
 * For when nobody can log in:
 *   npm run admin -- create --email a@b.org --name "Ada Admin" [--role admin|super_admin]
 *   npm run admin -- reset-password --email a@b.org
 * and for backups of the embedded SQLite database (docs/operations.md):
 *   npm run backup                 a consistent copy into DATA_DIR/backups, while the server runs
 *   npm run restore -- FILE        checks FILE, sets the current database aside, restores (server stopped)
 * The account logic lives in startup/admin-accounts.ts, the backups in modules/backups; this file
 * only reads the command line.
 */
import path from 'node:path';
import { parseArgs } from 'node:util';
import { loadConfig, type Config } from './config.js';
import { backupMessage, backUpNow, restoreInto, restoreMessage } from './modules/backups/restore.js';
import {
  createAdminAccount,
  createdAdminMessage,
  passwordResetMessage,
  resetAccountPassword,
  withDatabase,
} from './startup/admin-accounts.js';

const USAGE = `Usage:
  npm run admin -- create --email EMAIL --name NAME [--role admin|super_admin]
  npm run admin -- reset-password --email EMAIL
  npm run backup
  npm run restore -- FILE`;

class UsageError extends Error {}

type Command =
  | { command: 'create'; email: string; name: string; role: string }
  | { command: 'reset-password'; email: string }
  | { command: 'backup' }
  | { command: 'restore'; file: string };

function parseCommand(args: string[]): Command {
  const { positionals, values } = parseArgs({
    args,
    allowPositionals: true,
    options: {
      email: { type: 'string' },
      name: { type: 'string' },
      role: { type: 'string', default: 'super_admin' },
      help: { type: 'boolean', short: 'h' },
    },
  });
  const [command, ...rest] = positionals;
  if (values.help) throw new UsageError(USAGE);
  if (command === 'backup' && rest.length === 0) return { command };
  if (command === 'restore' && rest.length === 1) return { command, file: rest[0]! };
  if (rest.length > 0 || !values.email) throw new UsageError(USAGE);
  if (command === 'create') {
    if (!values.name) throw new UsageError(USAGE);
    return { command, email: values.email, name: values.name, role: values.role };
  }
  if (command === 'reset-password') return { command, email: values.email };
  throw new UsageError(USAGE);
}

async function main(): Promise<void> {
  let command: Command;
  try {
    command = parseCommand(process.argv.slice(2));
  } catch (error) {
    // parseArgs refuses unknown options with its own message; the usage says what is known.
    throw error instanceof UsageError ? error : new UsageError(`${(error as Error).message}\n${USAGE}`);
  }
  // Backups, restores and the database it creates are the owner's only, as the server's (main.ts).
  process.umask(0o077);
  const config = loadConfig();
  console.log(await run(command, config));
}

async function run(command: Command, config: Config): Promise<string> {
  switch (command.command) {
    case 'backup':
      return backupMessage(await backUpNow(config));
    case 'restore':
      return restoreMessage(restoreInto(config, path.resolve(command.file)));
    case 'create':
      return withDatabase(config, async (db) => createdAdminMessage(await createAdminAccount(db, command)));
    case 'reset-password':
      return withDatabase(config, async (db) => passwordResetMessage(await resetAccountPassword(db, command.email)));
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
});
