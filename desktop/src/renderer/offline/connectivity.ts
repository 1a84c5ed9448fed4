/**
 * Whether the console can reach its server, learnt from the requests themselves: an answer from the
 * API means reachable; a request that gets none, or a reverse proxy's 502/503/504 without the API's
 * envelope (the server behind it is restarting or down), means unreachable (navigator.onLine only knows about the
 * network cable, not about the server). While unreachable, /api/health is probed every few seconds.
 * TanStack Query follows this state (wired by the console, see console/ConsoleApp.tsx), so queries
 * pause instead of failing and resume when it returns. Nothing here loads TanStack Query: the login
 * screen reports its requests too, without carrying the query library.
 */
import { useSyncExternalStore } from 'react';
import { platform } from '../platform';

export interface Connectivity {
  online: boolean;
  /** When the server last answered (ISO), shown in the offline banner. */
  lastSyncAt: string | null;
}

const LAST_SYNC_KEY = 'last-sync-at';
/** The last-sync time is written at most this often: every answer would be a storage write. */
const LAST_SYNC_WRITE_MS = 5_000;
export const PROBE_INTERVAL_MS = 3_000;

let state: Connectivity = { online: true, lastSyncAt: null };
/** Kept out of `state` so that an answer does not re-render the console: the banner reads it when offline. */
let lastAnswerAt: string | null = null;
let lastWrite = 0;
let probe: ReturnType<typeof setInterval> | undefined;
const listeners = new Set<() => void>();

function publish(next: Connectivity): void {
  state = next;
  if (next.online) stopProbing();
  listeners.forEach((listener) => listener());
}

function reportAnswer(): void {
  const now = Date.now();
  lastAnswerAt = new Date(now).toISOString();
  if (now - lastWrite > LAST_SYNC_WRITE_MS) {
    lastWrite = now;
    platform.storage.set(LAST_SYNC_KEY, lastAnswerAt);
  }
  if (!state.online) publish({ online: true, lastSyncAt: lastAnswerAt });
}

function reportUnreachable(): void {
  if (lastAnswerAt) platform.storage.set(LAST_SYNC_KEY, lastAnswerAt);
  if (state.online) publish({ online: false, lastSyncAt: lastAnswerAt });
  startProbing();
}

function startProbing(): void {
  probe ??= setInterval(() => void checkServer(), PROBE_INTERVAL_MS);
}

function stopProbing(): void {
  clearInterval(probe);
  probe = undefined;
}

/** Asks /api/health once; the answer (or its absence) updates the state through trackedFetch. */
export async function checkServer(): Promise<void> {
  // Desktop before its first-run setup: there is no server to ask yet.
  if (platform.server && !platform.server.current()) return;
  const response = await trackedFetch(`${platform.apiBaseUrl}/api/health`, { cache: 'no-store' }).catch(() => null);
  // Only the status matters. An unread body keeps the request in flight for Chromium (a page
  // waiting for network idle, as on the login screen, would never get there): it is cancelled.
  await response?.body?.cancel().catch(() => undefined);
}

const PROXY_STATUSES = new Set([502, 503, 504]);

/** A gateway error page, not the API: the API's own failures are JSON `{ success: false, message }`. */
async function isProxyOutage(response: Response): Promise<boolean> {
  if (!PROXY_STATUSES.has(response.status)) return false;
  if (!(response.headers.get('Content-Type') ?? '').includes('json')) return true;
  const body = (await response
    .clone()
    .json()
    .catch(() => null)) as { success?: unknown; message?: unknown } | null;
  return !(body && body.success === false && typeof body.message === 'string');
}

/** The fetch the API client uses: it reports every outcome before handing it on. */
export const trackedFetch: typeof fetch = async (input, init) => {
  let response: Response;
  try {
    response = await fetch(input, init);
  } catch (error) {
    reportUnreachable();
    throw error;
  }
  if (await isProxyOutage(response)) reportUnreachable();
  else reportAnswer();
  return response;
};

/** Called once at start: restores the last sync time and follows the browser's own network events. */
export function startConnectivity(): void {
  lastAnswerAt = platform.storage.get(LAST_SYNC_KEY);
  state = { online: navigator.onLine, lastSyncAt: lastAnswerAt };
  // A cached screen may make no request at first: ask once, so the banner is right from the start.
  void checkServer();
  window.addEventListener('offline', reportUnreachable);
  window.addEventListener('online', () => void checkServer());
}

export function isOnline(): boolean {
  return state.online;
}

export function subscribeConnectivity(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

const snapshot = () => state;

export function useConnectivity(): Connectivity {
  return useSyncExternalStore(subscribeConnectivity, snapshot, snapshot);
}
