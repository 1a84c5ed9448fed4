/**
 * A counter of content changes, so rendered pages can be cached until the content they show changes.
 * Every successful admin write bumps it. With PostgreSQL several instances may share one database:
 * a bump is also sent with NOTIFY and every instance LISTENs, and while that listening connection is
 * down the counter reports "unknown" so nobody serves a cached page that might be stale.
 */
import type pg from 'pg';
import type { Logger } from './logger.js';

const CHANNEL = 'npo_content_changed';

export interface ContentChanges {
  /** The current version, or null when changes elsewhere cannot be seen (do not cache then). */
  version(): number | null;
  /** Resolves once other instances have been told. */
  bump(): Promise<void>;
  close(): Promise<void>;
}

/** One process owns the SQLite file, so an in-memory counter sees every change. */
export function localContentChanges(): ContentChanges {
  let version = 0;
  return {
    version: () => version,
    bump: () => {
      version += 1;
      return Promise.resolve();
    },
    close: async () => {},
  };
}

export async function postgresContentChanges(databaseUrl: string, logger: Logger): Promise<ContentChanges> {
  let version = 0;
  let listening = false;
  let client: pg.Client | null = null;
  let closed = false;
  let retry: NodeJS.Timeout | undefined;

  async function connect(): Promise<void> {
    // Imported here so a SQLite install never loads the PostgreSQL driver.
    const { Client } = (await import('pg')).default;
    const next = new Client({ connectionString: databaseUrl });
    next.on('notification', () => {
      version += 1;
    });
    next.on('error', (error) => {
      logger.warn({ err: error }, 'content change listener lost its connection; page cache paused');
      listening = false;
      version += 1;
      void next.end().catch(() => {});
      scheduleReconnect();
    });
    await next.connect();
    await next.query(`LISTEN ${CHANNEL}`);
    client = next;
    // Anything may have changed while nobody listened.
    version += 1;
    listening = true;
  }

  function scheduleReconnect(): void {
    if (closed || retry) return;
    retry = setTimeout(() => {
      retry = undefined;
      connect().catch(() => scheduleReconnect());
    }, 1000);
    retry.unref();
  }

  try {
    await connect();
  } catch (error) {
    logger.warn({ err: error }, 'content change listener could not connect; page cache paused');
    scheduleReconnect();
  }

  async function sendNotify(): Promise<void> {
    await client?.query(`NOTIFY ${CHANNEL}`).catch((error: unknown) => {
      logger.warn({ err: error }, 'could not announce a content change');
    });
  }

  // One NOTIFY at a time on the listening client: node-postgres deprecates queueing queries on a
  // Client (writes that finish together would). Bumps made while one is on the wire share the next
  // one, sent after it: every bump is announced by a NOTIFY that left after the bump.
  let onTheWire: Promise<void> | undefined;
  let next: Promise<void> | undefined;
  function notify(): Promise<void> {
    if (!onTheWire) {
      onTheWire = sendNotify().finally(() => (onTheWire = undefined));
      return onTheWire;
    }
    next ??= onTheWire.then(() => {
      next = undefined;
      return notify();
    });
    return next;
  }

  return {
    version: () => (listening ? version : null),
    async bump() {
      version += 1;
      await notify();
    },
    async close() {
      closed = true;
      clearTimeout(retry);
      await client?.end().catch(() => {});
    },
  };
}
