/**
 * Start-up checks of where the data lives, so an unusable DATA_DIR or DATABASE_URL stops the
 * process with one line naming the setting, the place and the reason, instead of a stack trace.
 */
import { randomBytes } from 'node:crypto';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Knex } from 'knex';
import { ConfigError, type Config } from '../config.js';

/** The operating system's words for the usual reasons, e.g. "permission denied (EACCES)". */
function reasonOf(error: unknown): string {
  const { code, message } = (error ?? {}) as { code?: unknown; message?: unknown };
  const text = typeof message === 'string' ? message : String(error);
  const described = text
    .replace(/^[A-Z]+: /, '')
    .replace(/, \w+ '.*'$/, '')
    .trim();
  if (typeof code !== 'string' || described.includes(code)) return described || 'unknown error';
  // Node leaves the message empty when every address of a host name refused (an AggregateError).
  return described ? `${described} (${code})` : `connection refused or failed (${code})`;
}

export function dataDirError(dataDir: string, error: unknown): ConfigError {
  return new ConfigError(`DATA_DIR ${dataDir} cannot be created or written: ${reasonOf(error)}`);
}

/** A postgres:// URL with its password replaced, safe for a log line. */
export function redactDatabaseUrl(databaseUrl: string): string {
  try {
    const url = new URL(databaseUrl);
    if (url.password) url.password = '***';
    return url.toString();
  } catch {
    return 'postgres://(unparseable URL)';
  }
}

export function databaseUrlError(databaseUrl: string, error: unknown): ConfigError {
  return new ConfigError(`DATABASE_URL ${redactDatabaseUrl(databaseUrl)} cannot be used: ${reasonOf(error)}`);
}

/**
 * DATA_DIR holds the SQLite file, and the mail outbox when SMTP_URL is unset: when it holds either,
 * it must be writable now rather than at the first change or the first mail.
 */
export function ensureDataDirWritable(config: Config): void {
  if (config.databaseUrl && config.smtpUrl) return;
  const probe = path.join(config.dataDir, `.write-check-${randomBytes(4).toString('hex')}`);
  try {
    mkdirSync(config.dataDir, { recursive: true });
    writeFileSync(probe, '');
    rmSync(probe);
  } catch (error) {
    throw dataDirError(config.dataDir, error);
  }
}

/** The first query of the process: a refused connection or login is a setting to fix, not a crash. */
export async function ensureDatabaseReachable(db: Knex, config: Config): Promise<void> {
  try {
    await db.raw('select 1');
  } catch (error) {
    await db.destroy().catch(() => undefined);
    throw config.databaseUrl ? databaseUrlError(config.databaseUrl, error) : dataDirError(config.dataDir, error);
  }
}
