/**
 * Backups of the embedded SQLite database (issue 25): a consistent copy made while the server runs
 * and writes, kept in DATA_DIR/backups under a name that sorts by time, the oldest pruned past
 * BACKUP_RETAIN; and a restore that checks the file before it replaces anything. PostgreSQL is backed
 * up with its own tools (docs/operations.md).
 *
 * restore.ts holds what only the command line does (a copy of its own, the checks and the restore).
 *
 * The copy is consistent (the command line's `VACUUM INTO` is one read transaction; the server's
 * schedule uses SQLite's online backup, schedule.ts) and complete before it gets its final name: it is
 * written as `.partial` and renamed, so a crash never leaves half a file that looks like a backup.
 */
import { chmodSync, existsSync, mkdirSync, readdirSync, renameSync, rmSync, statSync } from 'node:fs';
import path from 'node:path';

export const BACKUP_DIR = 'backups';
const NAME = /^app-(\d{4}-\d{2}-\d{2})T(\d{2})-(\d{2})-(\d{2})-(\d{3})Z\.db$/;

export interface BackupFile {
  file: string;
  name: string;
  /** When the copy was made, from its name. */
  takenAt: Date;
  sizeBytes: number;
}

export function backupsDir(dataDir: string): string {
  return path.join(dataDir, BACKUP_DIR);
}

export function sqliteFile(dataDir: string): string {
  return path.join(dataDir, 'app.db');
}

/** `app-2026-11-25T10-00-00-000Z.db`: the time in UTC, with nothing a file system could refuse. */
export function backupName(at: Date): string {
  return `app-${at.toISOString().replace(/:/g, '-').replace('.', '-')}.db`;
}

function takenAtOf(name: string): Date | undefined {
  const match = NAME.exec(name);
  if (!match) return undefined;
  const [, date, hours, minutes, seconds, millis] = match;
  const takenAt = new Date(`${date}T${hours}:${minutes}:${seconds}.${millis}Z`);
  return Number.isNaN(takenAt.getTime()) ? undefined : takenAt;
}

/** The backups in DATA_DIR/backups, newest first. */
export function listBackups(dataDir: string): BackupFile[] {
  const dir = backupsDir(dataDir);
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .flatMap((name) => {
      const takenAt = takenAtOf(name);
      if (!takenAt) return [];
      const file = path.join(dir, name);
      return [{ file, name, takenAt, sizeBytes: statSync(file).size }];
    })
    .sort((a, b) => b.takenAt.getTime() - a.takenAt.getTime());
}

/** Deletes all but the newest `retain` backups; answers the names that went. */
export function pruneBackups(dataDir: string, retain: number): string[] {
  const old = listBackups(dataDir).slice(retain);
  for (const backup of old) rmSync(backup.file, { force: true });
  return old.map((backup) => backup.name);
}

/**
 * Copies the database at `source` into DATA_DIR/backups, consistently, while others may write to it.
 * `vacuumInto` runs the statement on some connection to the source (a worker's, in the server).
 */
export async function makeBackup(
  dataDir: string,
  now: Date,
  vacuumInto: (target: string) => Promise<void>,
): Promise<BackupFile> {
  const dir = backupsDir(dataDir);
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  const name = backupName(now);
  const file = path.join(dir, name);
  const partial = `${file}.partial`;
  rmSync(partial, { force: true });
  await vacuumInto(partial);
  // Owner only, as everything in DATA_DIR (issue 52 item 12).
  chmodSync(partial, 0o600);
  renameSync(partial, file);
  return { file, name, takenAt: now, sizeBytes: statSync(file).size };
}
