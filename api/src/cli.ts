#!/usr/bin/env node
/**
 * For when nobody can log in:
 *   npm run admin -- create --email a@b.org --name "Ada Admin" [--role admin|super_admin]
 *   npm run admin -- reset-password --email a@b.org
 * The account logic lives in startup/admin-accounts.ts; this file only reads the command line.
 */
import { parseArgs } from 'node:util';
import { loadConfig } from './config.js';
import {
  createAdminAccount,
  createdAdminMessage,
  passwordResetMessage,
  resetAccountPassword,
  withDatabase,
} from './startup/admin-accounts.js';

const USAGE = `Usage:
  npm run admin -- create --email EMAIL --name NAME [--role admin|super_admin]
  npm run admin -- reset-password --email EMAIL`;

class UsageError extends Error {}

type Command =
  { command: 'create'; email: string; name: string; role: string } | { command: 'reset-password'; email: string };

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
  if (values.help || rest.length > 0 || !values.email) throw new UsageError(USAGE);
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
  const config = loadConfig();
  const message = await withDatabase(config, async (db) =>
    command.command === 'create'
      ? createdAdminMessage(await createAdminAccount(db, command))
      : passwordResetMessage(await resetAccountPassword(db, command.email)),
  );
  console.log(message);
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
});
