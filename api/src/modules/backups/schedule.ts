/**
 * BACKUP_SCHEDULE (SQLite): the server copies its database once a day and keeps BACKUP_RETAIN copies.
 * It looks every hour whether the newest copy is a day old, so a restart neither skips a day nor makes
 * a second copy; the first look comes a few minutes after start, not during it.
 */
import type Database from 'better-sqlite3';
import type { Knex } from 'knex';
import type { Db } from '../../db/connection.js';
import type { Clock } from '../../lib/clock.js';
import type { Logger } from '../../lib/logger.js';
import { listBackups, makeBackup, pruneBackups, type BackupFile } from './service.js';

const HOUR_MS = 60 * 60 * 1000;
export const BACKUP_EVERY_MS = 24 * HOUR_MS;
const FIRST_LOOK_MS = 5 * 60 * 1000;

export interface BackupScheduleOptions {
  db: Db;
  dataDir: string;
  retain: number;
  clock: Clock;
  logger: Logger;
}

export interface BackupSchedule {
  /** Makes a copy when the newest is a day old or missing; answers it, or nothing. Tests call it. */
  runIfDue(): Promise<BackupFile | undefined>;
  stop(): void;
}

/**
 * SQLite's online backup API on the site's own connection (better-sqlite3's Database#backup), a hundred
 * pages a step with the event loop serving requests between steps: VACUUM INTO would hold it for the
 * whole copy. The site's writes go through the same connection, which SQLite copies into the backup as
 * they happen, so the copy never starts over and ends as the database is when it completes.
 */
async function onlineBackup(db: Db, target: string): Promise<void> {
  const client = db.client as Knex.Client;
  const connection = (await client.acquireConnection()) as Database.Database;
  let copying: Promise<unknown>;
  try {
    copying = connection.backup(target);
  } finally {
    // The steps run on later turns; the connection serves the site's queries between them.
    await client.releaseConnection(connection);
  }
  await copying;
}

export function startBackupSchedule(options: BackupScheduleOptions): BackupSchedule {
  const { db, dataDir, retain, clock, logger } = options;
  let running: Promise<BackupFile | undefined> | undefined;

  async function backUp(): Promise<BackupFile | undefined> {
    const now = clock.now();
    const newest = listBackups(dataDir)[0];
    if (newest && now.getTime() - newest.takenAt.getTime() < BACKUP_EVERY_MS) return undefined;
    try {
      const backup = await makeBackup(dataDir, now, (target) => onlineBackup(db, target));
      const pruned = pruneBackups(dataDir, retain);
      logger.info({ backup: backup.name, sizeBytes: backup.sizeBytes, pruned: pruned.length }, 'database backed up');
      return backup;
    } catch (error) {
      // Tried again at the next look: a full disk must not stop the server.
      logger.error({ err: error }, 'backup failed');
      return undefined;
    }
  }

  const runIfDue = () => (running ??= backUp().finally(() => (running = undefined)));
  const first = setTimeout(() => void runIfDue(), FIRST_LOOK_MS);
  const hourly = setInterval(() => void runIfDue(), HOUR_MS);
  first.unref();
  hourly.unref();
  return {
    runIfDue,
    stop() {
      clearTimeout(first);
      clearInterval(hourly);
    },
  };
}
