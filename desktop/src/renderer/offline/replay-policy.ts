/**
 * What a failed send means for a change: try again later (the server was busy, timed out or could
 * not be reached), wait for a new sign-in, put a conflict to the editor, or stop because the server
 * refused it. Only a refusal (a 4xx other than 408, 409 and 429) ends a change's journey; everything
 * else keeps it waiting, so an edit is never dropped because a proxy answered while the server restarted.
 */
import { ApiError, isEditConflict } from '@npo/shared';

export type Failure =
  /** No answer, or a proxy's 502/503/504 without the API's envelope: the server cannot be reached. */
  | { kind: 'unreachable' }
  /** 408, 429 or a 5xx from the API itself: sent again after a pause (`retryAfterMs` when the server named one). */
  | { kind: 'retry'; retryAfterMs?: number }
  | { kind: 'unauthorized' }
  | { kind: 'conflict' }
  | { kind: 'refused' };

const PROXY_STATUSES = new Set([502, 503, 504]);

/** Seconds or an HTTP date, as RFC 9110 allows; anything else is ignored. */
export function parseRetryAfter(value: string | undefined, now: number): number | undefined {
  if (!value) return undefined;
  const trimmed = value.trim();
  if (/^\d+$/.test(trimmed)) return Number(trimmed) * 1000;
  const at = Date.parse(trimmed);
  return Number.isNaN(at) ? undefined : Math.max(0, at - now);
}

export function classifyFailure(error: unknown, now: number): Failure {
  if (!(error instanceof ApiError)) return { kind: 'refused' };
  const { status, answer } = error;
  if (status === 0) return { kind: 'unreachable' };
  if (PROXY_STATUSES.has(status) && answer.enveloped !== true) return { kind: 'unreachable' };
  if (status === 401) return { kind: 'unauthorized' };
  if (isEditConflict(error)) return { kind: 'conflict' };
  if (status === 408 || status === 429 || status >= 500) {
    const retryAfterMs = parseRetryAfter(answer.retryAfter, now);
    return retryAfterMs === undefined ? { kind: 'retry' } : { kind: 'retry', retryAfterMs };
  }
  // A 409 that is not an edit conflict (a concurrent duplicate still in progress) is worth another try.
  if (status === 409) return { kind: 'retry' };
  return { kind: 'refused' };
}

export const BACKOFF_BASE_MS = 1_000;
export const BACKOFF_CAP_MS = 60_000;

/**
 * The pause before attempt `attempt` (1 for the first retry): exponential, capped, half of it random
 * so that many consoles coming back at once do not all knock together. A Retry-After is honoured as
 * a minimum, still capped at an hour so a bad header cannot park the outbox for days.
 */
export function backoffDelay(attempt: number, random: () => number, retryAfterMs?: number): number {
  const ceiling = Math.min(BACKOFF_CAP_MS, BACKOFF_BASE_MS * 2 ** Math.max(0, attempt - 1));
  const jittered = Math.round(ceiling / 2 + (random() * ceiling) / 2);
  return retryAfterMs === undefined ? jittered : Math.min(Math.max(jittered, retryAfterMs), 3_600_000);
}
