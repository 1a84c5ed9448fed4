/**
 * Database errors that say the storage or the server cannot take a write right now, as opposed to a
 * bug: they are answered honestly (507, 503) instead of a generic 500.
 */

/** `timed_out`: PostgreSQL stopped a statement at statement_timeout (db/connection.ts), SQLSTATE 57014. */
export type DbFaultKind = 'storage_full' | 'unavailable' | 'timed_out';

export interface DbFault {
  kind: DbFaultKind;
  /** The engine's own code (SQLITE_FULL, 53100, ECONNREFUSED...): for the log, never for the answer. */
  dbCode: string;
}

interface CodedError {
  code?: unknown;
  name?: unknown;
  message?: unknown;
}

const SQLITE_UNAVAILABLE = /^SQLITE_(READONLY|IOERR|CANTOPEN|BUSY|LOCKED)/;
/** PostgreSQL: class 08 connection exceptions, class 53 insufficient resources, the server shutting down or starting. */
const POSTGRES_UNAVAILABLE = /^(08...|53...|57P0[123]|25006)$/;
/** The socket to PostgreSQL failed before any SQLSTATE could be read. */
const NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EAI_AGAIN',
]);

/** node-postgres names a connection lost mid-query only in its message (Knex puts the SQL before it). */
const POSTGRES_CONNECTION_LOST = /Connection terminated|connection error and is not queryable/;

export function classifyDbFault(error: unknown): DbFault | null {
  const { code, name, message } = (error ?? {}) as CodedError;
  // Knex gives up waiting for a free pool connection (every connection busy, or the server gone).
  if (name === 'KnexTimeoutError') return { kind: 'unavailable', dbCode: 'KnexTimeoutError' };
  if (typeof code !== 'string') {
    const lost = typeof message === 'string' && POSTGRES_CONNECTION_LOST.test(message);
    return lost ? { kind: 'unavailable', dbCode: 'connection_lost' } : null;
  }
  if (code === 'SQLITE_FULL' || code === '53100') return { kind: 'storage_full', dbCode: code };
  if (code === '57014') return { kind: 'timed_out', dbCode: code };
  if (SQLITE_UNAVAILABLE.test(code) || POSTGRES_UNAVAILABLE.test(code) || NETWORK_CODES.has(code)) {
    return { kind: 'unavailable', dbCode: code };
  }
  return null;
}
