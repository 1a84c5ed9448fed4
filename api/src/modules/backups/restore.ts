/**
 * What `npm run backup` and `npm run restore` do beyond the server's own schedule (service.ts): a copy
 * on a connection of their own, and the restore with the checks before it.
 */
import { copyFileSync, existsSync, mkdirSync, renameSync } from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import { migrationNames } from '../../db/migrate.js';
import { registerFold } from '../../db/fold.js';
import type { Config } from '../../config.js';
import { backupName, backupsDir, makeBackup, pruneBackups, sqliteFile, type BackupFile } from './service.js';

export class RestoreRefused extends Error {
  override name = 'RestoreRefused';
}

/** VACUUM INTO on a connection of its own: for the command line, where nothing else waits. */
export function vacuumIntoDirectly(source: string): (target: string) => Promise<void> {
  // Synchronous work; the executor turns a throw into the promise's rejection.
  return (target) =>
    new Promise<void>((resolve) => {
      const connection = new Database(source, { readonly: true, fileMustExist: true });
      try {
        connection.pragma('busy_timeout = 5000');
        // The name indexes are on fold(name): copying or checking them calls it.
        registerFold(connection);
        connection.prepare('VACUUM INTO ?').run(target);
      } finally {
        connection.close();
      }
      resolve();
    });
}

/**
 * Why `file` cannot be restored, or nothing: it must be an SQLite database that passes
 * integrity_check and whose migrations are all known to this version (older ones are brought up to
 * date at start; a newer version's copy would not run).
 */
export function restoreProblem(file: string): string | undefined {
  if (!existsSync(file)) return `${file} does not exist.`;
  let connection: Database.Database | undefined;
  try {
    connection = new Database(file, { readonly: true, fileMustExist: true });
    registerFold(connection);
    const integrity = connection.pragma('integrity_check', { simple: false }) as { integrity_check: string }[];
    const problems = integrity.map((row) => row.integrity_check).filter((line) => line !== 'ok');
    if (problems.length > 0) return `${file} is damaged: ${problems.slice(0, 3).join('; ')}.`;
    const applied = connection
      .prepare("select name from knex_migrations where name not like '%.d.ts' order by id")
      .pluck()
      .all() as string[];
    if (applied.length === 0) return `${file} holds no migrated database of this product.`;
    const known = new Set(migrationNames());
    const unknown = applied.map((name) => name.replace(/\.(js|ts)$/, '')).filter((name) => !known.has(name));
    if (unknown.length > 0)
      return `${file} was made by a newer version of the product (migration ${unknown[0]} is unknown here).`;
    return undefined;
  } catch (error) {
    return `${file} is not a usable database: ${error instanceof Error ? error.message : String(error)}.`;
  } finally {
    connection?.close();
  }
}

/**
 * Replaces DATA_DIR's database with `file`, once restoreProblem finds nothing. The current database
 * (with its -wal and -shm, which may hold committed changes) is moved aside first, into
 * DATA_DIR/backups/before-restore-<time>/, and stays there. The server must be stopped.
 */
export function restoreBackup(dataDir: string, file: string, now: Date): { setAside: string | undefined } {
  const problem = restoreProblem(file);
  if (problem) throw new RestoreRefused(`${problem} Nothing was changed.`);
  const current = sqliteFile(dataDir);
  let setAside: string | undefined;
  if (existsSync(current)) {
    setAside = path.join(backupsDir(dataDir), `before-restore-${backupName(now).slice('app-'.length, -'.db'.length)}`);
    mkdirSync(setAside, { recursive: true });
    for (const suffix of ['', '-wal', '-shm'])
      if (existsSync(current + suffix)) renameSync(current + suffix, path.join(setAside, `app.db${suffix}`));
  }
  const incoming = `${current}.restoring`;
  copyFileSync(file, incoming);
  renameSync(incoming, current);
  return { setAside };
}

/** PostgreSQL has its own tools for this: the commands say so instead of copying nothing. */
function sqliteOnly(config: Config, what: string): void {
  if (config.databaseUrl)
    throw new RestoreRefused(
      `DATABASE_URL is set: ${what} PostgreSQL with pg_dump and pg_restore (docs/operations.md).`,
    );
}

/** `npm run backup`: a copy now, whatever the schedule; old copies pruned past BACKUP_RETAIN. */
export async function backUpNow(config: Config, now = new Date()): Promise<BackupFile> {
  sqliteOnly(config, 'back up');
  const source = sqliteFile(config.dataDir);
  if (!existsSync(source)) throw new RestoreRefused(`There is no database at ${source} to back up.`);
  const backup = await makeBackup(config.dataDir, now, vacuumIntoDirectly(source));
  pruneBackups(config.dataDir, config.backupRetain);
  return backup;
}

export function backupMessage(backup: BackupFile): string {
  return `Backed up to ${backup.file} (${(backup.sizeBytes / 1e6).toFixed(1)} MB).`;
}

/** `npm run restore -- FILE`. */
export function restoreInto(
  config: Config,
  file: string,
  now = new Date(),
): { file: string; setAside: string | undefined } {
  sqliteOnly(config, 'restore');
  return { file, ...restoreBackup(config.dataDir, file, now) };
}

export function restoreMessage({ file, setAside }: { file: string; setAside: string | undefined }): string {
  const kept = setAside ? ` The database it replaced is kept in ${setAside}.` : '';
  return `Restored ${file}.${kept} Start the server: it brings the database up to date.`;
}
