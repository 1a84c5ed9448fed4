/**
 * BACKUP_SCHEDULE (SQLite): the server copies its database once a day, on the staff read thread (the
 * copy reads the whole file; the event loop goes on serving), and keeps BACKUP_RETAIN copies. It
 * looks every hour whether the newest copy is a day old, so a restart neither skips a day nor makes
 * a second copy; the first look comes a few minutes after start, not during it.
 */
import type { Db } from '../../db/connection.js';
import { staffReads } from '../../db/staff-reads.js';
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

export function startBackupSchedule(options: BackupScheduleOptions): BackupSchedule {
  const { db, dataDir, retain, clock, logger } = options;
  let running: Promise<BackupFile | undefined> | undefined;

  async function backUp(): Promise<BackupFile | undefined> {
    const now = clock.now();
    const newest = listBackups(dataDir)[0];
    if (newest && now.getTime() - newest.takenAt.getTime() < BACKUP_EVERY_MS) return undefined;
    try {
      const backup = await makeBackup(dataDir, now, (target) => staffReads(db).execute('VACUUM INTO ?', [target]));
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
