/**
 * How a change reaches the server. Online, it is sent at once; when the server cannot be reached,
 * or earlier changes are still waiting (order matters), it goes into the outbox and shows in the
 * lists at once. When the connection returns the outbox is sent oldest first, and it stops at a
 * conflict or a refusal instead of overwriting: the staff member decides.
 */
import { isEditConflict, isNetworkError } from '@npo/shared';
import type { QueryClient } from '@tanstack/react-query';
import { api } from '../api/client';
import { describeError, isUnauthorized } from '../api/errors';
import { getSession, subscribeSession } from '../session/session-store';
import { askConflict } from './conflicts';
import { isOnline, subscribeConnectivity } from './connectivity';
import { applyOptimistically } from './optimistic';
import { entriesOf, enqueue, rebaseFollowing, removeEntry, updateEntry, type Change, type OutboxEntry } from './outbox';

/** The change waits in the outbox; it is not on the server yet. */
export const QUEUED = Symbol('queued');
/** The editor chose the server's version over theirs: nothing was sent. */
export const KEPT_THEIRS = Symbol('kept-theirs');

let queryClient: QueryClient | null = null;
let flushing = false;

export function startSync(client: QueryClient): void {
  if (queryClient === client) return;
  queryClient = client;
  // The restored cache may predate the last changes (it is written at most once a second): the
  // outbox is the record of what the staff member did, so its changes are shown again on top.
  for (const entry of entriesOf(getSession()?.user.id)) applyOptimistically(client, entry);
  subscribeConnectivity(() => void flushOutbox());
  subscribeSession(() => void flushOutbox());
  void flushOutbox();
}

async function send<T>(change: Change): Promise<T> {
  const { data } = await api.request<T>(change.method, change.path, change.body, { revision: change.revision });
  return data;
}

function revisionOf(item: unknown): number | undefined {
  const revision = (item as { revision?: unknown } | null)?.revision;
  return typeof revision === 'number' ? revision : undefined;
}

async function refetch(change: Change): Promise<void> {
  await Promise.all(change.invalidates.map((queryKey) => queryClient?.invalidateQueries({ queryKey })));
}

function queue(change: Change, userId: number): typeof QUEUED {
  enqueue(change, userId);
  if (queryClient) applyOptimistically(queryClient, change);
  // Online behind earlier changes: it goes as soon as they have.
  if (isOnline()) void flushOutbox();
  return QUEUED;
}

/** Sends a change made in a form or by a button, or keeps it for later; asks on a conflict. */
export async function submitChange<T>(change: Change): Promise<T | typeof QUEUED | typeof KEPT_THEIRS> {
  const userId = getSession()?.user.id;
  if (userId !== undefined && (!isOnline() || entriesOf(userId).length > 0)) return queue(change, userId);
  let attempt = change;
  for (;;) {
    try {
      return await send<T>(attempt);
    } catch (error) {
      if (isNetworkError(error) && userId !== undefined) return queue(attempt, userId);
      if (!isEditConflict(error)) throw error;
      const choice = await askConflict({ ...attempt, mine: attempt.body ?? null, theirs: error.current ?? null });
      if (choice === 'theirs') {
        await refetch(attempt);
        return KEPT_THEIRS;
      }
      attempt = { ...attempt, revision: revisionOf(error.current) };
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
      if (!next || next.state !== 'waiting' || !isOnline()) break;
      if (!(await sendWaiting(next))) break;
    }
  } finally {
    flushing = false;
  }
}

async function sendWaiting(entry: OutboxEntry): Promise<boolean> {
  try {
    const result = await send<unknown>(entry);
    removeEntry(entry.id);
    const revision = revisionOf(result);
    if (revision !== undefined) rebaseFollowing(entry.path, entry.revision, revision);
    await refetch(entry);
    return true;
  } catch (error) {
    // Unreachable again, or signed out: the change simply waits for the next chance.
    if (isNetworkError(error) || isUnauthorized(error)) return false;
    if (isEditConflict(error)) {
      updateEntry(entry.id, { state: 'conflict', problem: error.message, current: error.current ?? null });
    } else {
      updateEntry(entry.id, {
        state: 'rejected',
        problem: describeError(error, 'The server refused this change.').join(' '),
      });
    }
    return false;
  }
}

/** The outbox banner's "Review": the same question as in a form, then the outbox goes on. */
export async function reviewConflict(entry: OutboxEntry): Promise<void> {
  const choice = await askConflict({ ...entry, mine: entry.body ?? null, theirs: entry.current ?? null });
  if (choice === 'mine') {
    updateEntry(entry.id, {
      state: 'waiting',
      revision: revisionOf(entry.current),
      problem: undefined,
      current: undefined,
    });
  } else {
    removeEntry(entry.id);
    await refetch(entry);
  }
  void flushOutbox();
}

/** A refused change: sent again as it is (after the cause was fixed elsewhere), or dropped. */
export function retryEntry(entry: OutboxEntry): void {
  updateEntry(entry.id, { state: 'waiting', problem: undefined });
  void flushOutbox();
}

export async function discardEntry(entry: OutboxEntry): Promise<void> {
  removeEntry(entry.id);
  await refetch(entry);
  void flushOutbox();
}
