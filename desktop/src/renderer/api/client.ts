/**
 * The shared typed client, pointed at the platform's API and carrying the session's token; every
 * answer (or its absence) tells the console whether the server can be reached, and every write is
 * idempotent.
 */
import { createApiClient } from '@npo/shared';
import { trackedFetch } from '../offline/connectivity';
import { platform } from '../platform';
import { getToken } from '../session/session-store';

const READS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Every write the console makes carries an Idempotency-Key. Changes (offline/sync.ts) bring their
 * own, kept across a retry; any other write (account, two-factor, sign-in) gets a fresh one per call.
 */
export const keyedFetch: typeof fetch = (input, init) => {
  const method = (init?.method ?? 'GET').toUpperCase();
  const headers = new Headers(init?.headers);
  if (READS.has(method) || headers.has('Idempotency-Key')) return trackedFetch(input, init);
  headers.set('Idempotency-Key', crypto.randomUUID());
  return trackedFetch(input, { ...init, headers });
};

export const api = createApiClient({ baseUrl: platform.apiBaseUrl, getToken, fetch: keyedFetch });
