/**
 * AUDIT_RETENTION_DAYS: entries older than that are deleted by the server itself, at start and once
 * a day, measured by the injected clock. No API deletes entries; this is the only delete there is.
 */
import type { Db } from '../../db/connection.js';
import type { Clock } from '../../lib/clock.js';
import type { Logger } from '../../lib/logger.js';
import { AUDIT_TABLE } from './record.js';

export const DAY_MS = 24 * 60 * 60 * 1000;

/** Deletes the entries older than `days` days; answers how many went. */
export async function purgeExpiredAudit(db: Db, clock: Clock, days: number): Promise<number> {
  const cutoff = new Date(clock.now().getTime() - days * DAY_MS);
  return db(AUDIT_TABLE).where('occurred_at', '<', cutoff).delete();
}

export interface AuditRetention {
  /** The first purge, run at start: tests await it. */
  ready: Promise<void>;
  stop(): void;
}

/** Purges now and every 24 h; the timer does not keep the process alive and stops with the runtime. */
export function startAuditRetention(db: Db, clock: Clock, days: number, logger: Logger): AuditRetention {
  const purge = async () => {
    try {
      const deleted = await purgeExpiredAudit(db, clock, days);
      if (deleted > 0) logger.info({ deleted, days }, 'audit entries past retention deleted');
    } catch (error) {
      // Retried at the next run: an unavailable database must not stop the server.
      logger.warn({ err: error }, 'audit retention: purge failed');
    }
  };
  const timer = setInterval(() => void purge(), DAY_MS);
  timer.unref();
  return { ready: purge(), stop: () => clearInterval(timer) };
}
