/**
 * How a change reaches the server. Online, it is sent at once; when the server cannot be reached,
 * or earlier changes are still waiting (order matters), it goes into the outbox and shows in the
 * lists at once. When the connection returns the outbox is sent oldest first, and it stops at a
 * conflict or a refusal instead of overwriting: the staff member decides. Every write carries an
 * Idempotency-Key (the entry's id once queued), so a replay whose first answer was lost is not made
 * twice; a busy server (408, 429, 5xx) is asked again after a growing pause (replay-policy.ts).
 */
import type { QueryClient } from '@tanstack/react-query';
import { api } from '../api/client';
import { describeError } from '../api/errors';
import { clearSession, getSession, subscribeSession } from '../session/session-store';
import { askConflict } from './conflicts';
import { isOnline, subscribeConnectivity } from './connectivity';
import { applyOptimistically } from './optimistic';
import { entriesOf, enqueue, rebaseFollowing, removeEntry, updateEntry, type Change, type OutboxEntry } from './outbox';
import { backoffDelay, classifyFailure } from './replay-policy';

/** The change waits in the outbox, saved on this computer; it is not on the server yet. */
export const QUEUED = Symbol('queued');
/** The change waits in the outbox, but only in memory: this computer refused the write (it is retried). */
export const QUEUED_UNSAVED = Symbol('queued-unsaved');
/** The editor chose the server's version over theirs: nothing was sent. */
export const KEPT_THEIRS = Symbol('kept-theirs');

let queryClient: QueryClient | null = null;
let flushing = false;
/** A pause before the next replay (the server was busy or timed out). */
let retryTimer: ReturnType<typeof setTimeout> | undefined;
let retryAttempt = 0;
let random: () => number = Math.random;
let now: () => number = () => Date.now();

/** Tests make the backoff's jitter and the clock that reads Retry-After dates predictable. */
export function configureReplay(options: { random?: () => number; now?: () => number }): void {
  random = options.random ?? random;
  now = options.now ?? now;
}

export function startSync(client: QueryClient): void {
  if (queryClient === client) return;
  queryClient = client;
  // The restored cache may predate the last changes (it is written at most once a second): the
  // outbox is the record of what the staff member did, so its changes are shown again on top.
  for (const entry of entriesOf(getSession()?.user.id)) applyOptimistically(client, entry);
  subscribeConnectivity(() => {
    // The server is back: whatever pause a busy answer asked for is over.
    if (isOnline()) cancelRetry();
    void flushOutbox();
  });
  subscribeSession(() => void flushOutbox());
  void flushOutbox();
}

function cancelRetry(): void {
  clearTimeout(retryTimer);
  retryTimer = undefined;
  retryAttempt = 0;
}

async function send<T>(change: Change, idempotencyKey: string): Promise<T> {
  const { data } = await api.request<T>(change.method, change.path, change.body, {
    revision: change.revision,
    idempotencyKey,
  });
  return data;
}

/**
 * The key of a write made in a form or by a button. The staff member's own "Try again" of the same
 * action (same change, same revision) sends the same key, so a first attempt whose answer was lost
 * is not done twice; any other change gets a fresh one.
 */
const directKeys = new Map<string, string>();

function fingerprint(change: Change, userId: number | undefined): string {
  return JSON.stringify([userId ?? null, change.method, change.path, change.body ?? null, change.revision ?? null]);
}

function directKey(print: string): string {
  let key = directKeys.get(print);
  if (!key) {
    key = crypto.randomUUID();
    directKeys.set(print, key);
  }
  return key;
}

function revisionOf(item: unknown): number | undefined {
  const revision = (item as { revision?: unknown } | null)?.revision;
  return typeof revision === 'number' ? revision : undefined;
}

async function refetch(change: Change): Promise<void> {
  if (!queryClient) return;
  const client = queryClient;
  await Promise.all(change.invalidates.map((queryKey) => client.invalidateQueries({ queryKey })));
}

/** `id`: the key a direct attempt already used, so that its replay cannot make a second effect. */
async function queue(change: Change, userId: number, id?: string): Promise<typeof QUEUED | typeof QUEUED_UNSAVED> {
  const queued = enqueue(change, userId, id);
  if (queryClient) applyOptimistically(queryClient, change);
  // Online behind earlier changes: it goes as soon as they have.
  if (isOnline()) void flushOutbox();
  // "Saved on this computer" only once the platform said so.
  return (await queued).saved ? QUEUED : QUEUED_UNSAVED;
}

export type SubmitOutcome<T> = T | typeof QUEUED | typeof QUEUED_UNSAVED | typeof KEPT_THEIRS;

/** Sends a change made in a form or by a button, or keeps it for later; asks on a conflict. */
export async function submitChange<T>(change: Change): Promise<SubmitOutcome<T>> {
  const userId = getSession()?.user.id;
  if (userId !== undefined && (!isOnline() || entriesOf(userId).length > 0)) return queue(change, userId);
  let attempt = change;
  for (;;) {
    const print = fingerprint(attempt, userId);
    const key = directKey(print);
    try {
      const result = await send<T>(attempt, key);
      directKeys.delete(print);
      return result;
    } catch (error) {
      const failure = classifyFailure(error, now());
      if (failure.kind === 'unreachable' && userId !== undefined) {
        directKeys.delete(print);
        return queue(attempt, userId, key);
      }
      // Busy or failing server: the form stays open and its "Try again" sends the same key.
      if (failure.kind === 'retry' || failure.kind === 'unreachable') throw error;
      if (failure.kind !== 'conflict') {
        directKeys.delete(print);
        throw error;
      }
      const current = (error as { current?: unknown }).current ?? null;
      const choice = await askConflict({ ...attempt, mine: attempt.body ?? null, theirs: current });
      // Closed without a choice: nothing is sent or dropped; the form keeps the editor's values.
      if (choice === 'later') throw error;
      directKeys.delete(print);
      if (choice === 'theirs') {
        await refetch(attempt);
        return KEPT_THEIRS;
      }
      attempt = { ...attempt, revision: revisionOf(current) };
    }
  }
}

/** Sends the signed-in staff member's waiting changes, oldest first, until one cannot go. */
export async function flushOutbox(): Promise<void> {
  if (flushing) return;
  flushing = true;
  try {
    for (;;) {
      const next = entriesOf(getSession()?.user.id)[0];
      if (!next || next.state !== 'waiting' || !isOnline() || retryTimer !== undefined) break;
      if (!(await sendWaiting(next))) break;
    }
  } finally {
    flushing = false;
  }
}

function waitFor(entry: OutboxEntry, waitReason: string): void {
  if (entry.waitReason !== waitReason) void updateEntry(entry.id, { waitReason });
}

async function sendWaiting(entry: OutboxEntry): Promise<boolean> {
  try {
    // The entry's id is its key: a replay of a change the server already made gets the first answer.
    const result = await send<unknown>(entry, entry.id);
    await removeEntry(entry.id);
    retryAttempt = 0;
    const revision = revisionOf(result);
    if (revision !== undefined) rebaseFollowing(entry.path, entry.revision, revision);
    await refetch(entry);
    return true;
  } catch (error) {
    const failure = classifyFailure(error, now());
    switch (failure.kind) {
      case 'unreachable':
        // Connectivity went offline with this answer: the outbox goes on when it returns.
        waitFor(entry, 'The server cannot be reached.');
        return false;
      case 'unauthorized':
        waitFor(entry, 'Waiting for you to sign in again.');
        // The session is over: the sign-in screen comes up, and signing in sends the outbox again.
        clearSession();
        return false;
      case 'retry': {
        retryAttempt += 1;
        const delay = backoffDelay(retryAttempt, random, failure.retryAfterMs);
        waitFor(entry, `The server is busy. Trying again in ${Math.max(1, Math.round(delay / 1000))} s.`);
        retryTimer = setTimeout(() => {
          retryTimer = undefined;
          void flushOutbox();
        }, delay);
        return false;
      }
      case 'conflict':
        await updateEntry(entry.id, {
          state: 'conflict',
          problem: (error as Error).message,
          current: (error as { current?: unknown }).current ?? null,
          waitReason: undefined,
        });
        return false;
      case 'refused':
        await updateEntry(entry.id, {
          state: 'rejected',
          problem: describeError(error, 'The server refused this change.').join(' '),
          waitReason: undefined,
        });
        return false;
    }
  }
}

/**
 * A change sent again after a conflict or a refusal is a new request (another revision, or the same
 * one after the cause was fixed): it gets a new id, hence a new key, or the server would repeat its refusal.
 */
function resend(entry: OutboxEntry, patch: Partial<OutboxEntry>): Promise<boolean> {
  return updateEntry(entry.id, {
    ...patch,
    id: crypto.randomUUID(),
    state: 'waiting',
    problem: undefined,
    current: undefined,
    waitReason: undefined,
  });
}

/** The outbox banner's "Review": the same question as in a form, then the outbox goes on. */
export async function reviewConflict(entry: OutboxEntry): Promise<void> {
  const choice = await askConflict({ ...entry, mine: entry.body ?? null, theirs: entry.current ?? null });
  // Closed without a choice: the change stays in conflict, as it was.
  if (choice === 'later') return;
  if (choice === 'mine') {
    await resend(entry, { revision: revisionOf(entry.current) });
  } else {
    await removeEntry(entry.id);
    await refetch(entry);
  }
  void flushOutbox();
}

/** A refused change: sent again as it is (after the cause was fixed elsewhere), or dropped. */
export async function retryEntry(entry: OutboxEntry): Promise<void> {
  await resend(entry, {});
  void flushOutbox();
}

export async function discardEntry(entry: OutboxEntry): Promise<void> {
  await removeEntry(entry.id);
  await refetch(entry);
  void flushOutbox();
}
