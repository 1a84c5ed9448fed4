/**
 * Health as a load balancer and an operator need it: reads and writes checked separately, because a
 * full disk or a read-only file leaves reads working while every change fails.
 */
import { pingDb, probeWrite } from '../../db/connection.js';
import { migrationSource } from '../../db/migrate.js';
import { classifyDbFault, type DbFaultKind } from '../../db/faults.js';
import type { AppDeps } from '../../deps.js';

export type Health =
  | { status: 'ok' }
  | { status: 'degraded'; reads: 'ok'; writes: 'failing'; reason: DbFaultKind | 'write_failed' }
  | { status: 'unavailable' };

/** Health checks may come many times a second: the write probe runs at most once in this window. */
export const WRITE_PROBE_INTERVAL_MS = 5_000;

type WriteFailure = DbFaultKind | 'write_failed' | null;

export function createHealthCheck(deps: Pick<AppDeps, 'db' | 'clock' | 'logger'>) {
  let lastProbe: { at: number; failure: Promise<WriteFailure> } | undefined;

  async function runWriteProbe(now: Date): Promise<WriteFailure> {
    try {
      await probeWrite(deps.db, now);
      return null;
    } catch (error) {
      const fault = classifyDbFault(error);
      deps.logger.warn({ dbCode: fault?.dbCode ?? (error as { code?: unknown }).code }, 'health: write probe failed');
      return fault?.kind ?? 'write_failed';
    }
  }

  /** Concurrent checks share one probe; a clock that moved back starts a new one. */
  function writeFailure(): Promise<WriteFailure> {
    const now = deps.clock.now();
    const age = lastProbe ? now.getTime() - lastProbe.at : Infinity;
    if (!lastProbe || age >= WRITE_PROBE_INTERVAL_MS || age < 0) {
      lastProbe = { at: now.getTime(), failure: runWriteProbe(now) };
    }
    return lastProbe.failure;
  }

  return async function checkHealth(): Promise<Health> {
    if (!(await pingDb(deps.db))) return { status: 'unavailable' };
    const failure = await writeFailure();
    return failure ? { status: 'degraded', reads: 'ok', writes: 'failing', reason: failure } : { status: 'ok' };
  };
}

export type Readiness =
  { status: 'ready' } | { status: 'not_ready'; reason: 'database_unavailable' | 'migrations_pending' };

/** Ready: the database answers and every migration this version knows has run on it. */
export function createReadinessCheck(deps: Pick<AppDeps, 'db'>) {
  return async function checkReady(): Promise<Readiness> {
    if (!(await pingDb(deps.db))) return { status: 'not_ready', reason: 'database_unavailable' };
    try {
      const [, pending] = (await deps.db.migrate.list({ migrationSource })) as [unknown[], unknown[]];
      return pending.length === 0 ? { status: 'ready' } : { status: 'not_ready', reason: 'migrations_pending' };
    } catch {
      // The database went away between the ping and the list.
      return { status: 'not_ready', reason: 'database_unavailable' };
    }
  };
}
