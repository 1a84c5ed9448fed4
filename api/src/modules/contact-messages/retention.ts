/**
 * CONTACT_RETENTION_DAYS (unset: messages are kept until staff delete them): contact messages older
 * than that are deleted by the server itself, at start and once a day, measured by the injected clock,
 * like the audit trail's retention (audit/retention.ts).
 */
import type { Db } from '../../db/connection.js';
import type { Clock } from '../../lib/clock.js';
import type { Logger } from '../../lib/logger.js';
import { DAY_MS, type AuditRetention } from '../audit/retention.js';

/** Deletes the messages received more than `days` days ago; answers how many went. */
export async function purgeOldContactMessages(db: Db, clock: Clock, days: number): Promise<number> {
  const cutoff = new Date(clock.now().getTime() - days * DAY_MS);
  return db('contact_messages').where('created_at', '<', cutoff).delete();
}

/** Purges now and every 24 h; the timer does not keep the process alive and stops with the runtime. */
export function startContactRetention(db: Db, clock: Clock, days: number, logger: Logger): AuditRetention {
  const purge = async () => {
    try {
      const deleted = await purgeOldContactMessages(db, clock, days);
      if (deleted > 0) logger.info({ deleted, days }, 'contact messages past retention deleted');
    } catch (error) {
      // Retried at the next run: an unavailable database must not stop the server.
      logger.warn({ err: error }, 'contact retention: purge failed');
    }
  };
  const timer = setInterval(() => void purge(), DAY_MS);
  timer.unref();
  return { ready: purge(), stop: () => clearInterval(timer) };
}
