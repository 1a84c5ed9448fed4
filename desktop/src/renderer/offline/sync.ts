/**
 * How a change reaches the server. Online, it is sent at once; when the server cannot be reached,
 * or earlier changes are still waiting (order matters), it goes into the outbox and shows in the
 * lists at once. When the connection returns the outbox is sent oldest first, and it stops at a
 * conflict or a refusal instead of overwriting: the staff member decides. Every write carries an
 * Idempotency-Key (the entry's id once queued), so a replay whose first answer was lost is not made
 * twice; a busy server (408, 429, 5xx) is asked again after a growing pause (replay-policy.ts).
 *
 * Local-first, as staff expect (issue 54):
 * - A creation carries a client id the server keeps unique: however late it is replayed, it answers
 *   the row it made. Until it is made, the item shows as waiting and can be edited (folded into the
 *   creation while that was never sent, queued behind it otherwise) or deleted; a reorder names it
 *   by its client id. Once made, what waited on it names its id and revision.
 * - The staff member's own reorder or deletion raises the revisions of the items it moves: the
 *   changes behind it move on with them (their `bumps`), so their next edit is not taken for someone
 *   else's. The server still checks every If-Match, so another person's change is still a conflict.
 * - A reorder the server refused because the list changed elsewhere is rebuilt once from the list as
 *   it is now and the order the staff member chose, not sent again unchanged.
 * - Only one browser tab sends (platform.sender), and nothing is sent while the outbox on disk waits
 *   for the keychain.
 */
import type { QueryClient } from '@tanstack/react-query';
import { ApiError, isEditConflict } from '@npo/shared';
import { api } from '../api/client';
import { describeError } from '../api/errors';
import { platform } from '../platform';
import { clearSession, getSession, subscribeSession } from '../session/session-store';
import { askConflict } from './conflicts';
import { isOnline, subscribeConnectivity } from './connectivity';
import { applyOptimistically, positionBumps, raiseRevisions } from './optimistic';
import {
  askBeforeLeavingUnsaved,
  changeEntries,
  enqueue,
  entriesOf,
  followOtherTabs,
  isKeptInMemoryOnly,
  isOutboxLocked,
  onOutboxUnlocked,
  rebased,
  removeEntry,
  updateEntry,
  type Change,
  type OutboxEntry,
} from './outbox';
import { backoffDelay, classifyFailure } from './replay-policy';
import { mergeOrder, withoutCreation, withCreationMade } from './waiting';

/** The change waits in the outbox, saved on this computer; it is not on the server yet. */
export const QUEUED = Symbol('queued');
/** The change waits in the outbox, but only in memory: this computer refused the write (it is retried). */
export const QUEUED_UNSAVED = Symbol('queued-unsaved');
/** The change waits in memory only, by design: it holds personal data and the store is not encrypted. */
export const QUEUED_IN_MEMORY = Symbol('queued-in-memory');
/** An item still waiting to be created was deleted: its creation is dropped, nothing is sent. */
export const DROPPED_WAITING = Symbol('dropped-waiting');
/** The editor chose the server's version over theirs: nothing was sent. */
export const KEPT_THEIRS = Symbol('kept-theirs');

type Queued = typeof QUEUED | typeof QUEUED_UNSAVED | typeof QUEUED_IN_MEMORY;

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
  onOutboxUnlocked(() => void flushOutbox());
  platform.sender?.onSending(() => void flushOutbox());
  followOtherTabs();
  askBeforeLeavingUnsaved();
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
 * is not done twice; any other change gets a fresh one. A creation's client id is kept the same way.
 */
const directKeys = new Map<string, string>();
const clientIds = new Map<string, string>();

function fingerprint(change: Change, userId: number | undefined): string {
  return JSON.stringify([userId ?? null, change.method, change.path, change.body ?? null, change.revision ?? null]);
}

function keyFor(keys: Map<string, string>, print: string): string {
  let key = keys.get(print);
  if (!key) {
    key = crypto.randomUUID();
    keys.set(print, key);
  }
  return key;
}

/** A creation with its client id in its body (the same one when the staff member tries it again). */
function withClientId(change: Change, userId: number | undefined): Change {
  if (!change.creates || change.clientId || !change.body || typeof change.body !== 'object') return change;
  const clientId = keyFor(clientIds, fingerprint(change, userId));
  return { ...change, clientId, body: { ...(change.body as Record<string, unknown>), clientId } };
}

function revisionOf(item: unknown): number | undefined {
  const revision = (item as { revision?: unknown } | null)?.revision;
  return typeof revision === 'number' ? revision : undefined;
}

function idOf(item: unknown): number | undefined {
  const id = (item as { id?: unknown } | null)?.id;
  return typeof id === 'number' ? id : undefined;
}

async function refetch(change: Change): Promise<void> {
  if (!queryClient) return;
  const client = queryClient;
  await Promise.all(change.invalidates.map((queryKey) => client.invalidateQueries({ queryKey })));
}

/** Creations already made in this session: a change on their item, asked for late, names their id. */
const made = new Map<string, { id: number; revision: number | undefined }>();

function onMadeItem(change: Change, item: { id: number; revision: number | undefined }): Change {
  const { after, foldedLabel: _folded, ...rest } = change;
  return { ...rest, path: rest.path.replace(`/${after}`, `/${item.id}`), revision: rest.revision ?? item.revision };
}

/** `id`: the key a direct attempt already used, so that its replay cannot make a second effect. */
async function queue(change: Change, userId: number, id?: string, extra: Partial<OutboxEntry> = {}): Promise<Queued> {
  const bumped = queryClient ? { ...change, bumps: change.bumps ?? positionBumps(queryClient, change) } : change;
  const queued = enqueue(bumped, userId, id, extra);
  if (queryClient) applyOptimistically(queryClient, bumped);
  // Online behind earlier changes: it goes as soon as they have.
  if (isOnline()) void flushOutbox();
  // "Saved on this computer" only once the platform said so.
  const { entry, saved } = await queued;
  if (saved) return QUEUED;
  return isKeptInMemoryOnly(entry.id) ? QUEUED_IN_MEMORY : QUEUED_UNSAVED;
}

export type SubmitOutcome<T> = T | Queued | typeof KEPT_THEIRS | typeof DROPPED_WAITING;

/** Sends a change made in a form or by a button, or keeps it for later; asks on a conflict. */
export async function submitChange<T>(requested: Change): Promise<SubmitOutcome<T>> {
  const userId = getSession()?.user.id;
  const change = withClientId(requested, userId);
  if (change.after !== undefined) {
    const item = made.get(change.after);
    if (item) return submitChange(onMadeItem(change, item));
    if (userId === undefined) throw new Error('Sign in again to change this item.');
    return submitOnWaitingItem(change, userId);
  }
  if (userId !== undefined && (!isOnline() || entriesOf(userId).length > 0 || isOutboxLocked())) {
    return queue(change, userId);
  }
  let attempt = change;
  for (;;) {
    const print = fingerprint(attempt, userId);
    const key = keyFor(directKeys, print);
    try {
      // A deletion in a positioned list raises the revisions of the items after it: read before it goes.
      const bumps = queryClient && attempt.method === 'DELETE' ? positionBumps(queryClient, attempt) : undefined;
      const result = await send<T>(attempt, key);
      directKeys.delete(print);
      // So that an edit opened before the list's refetch lands does not meet its own deletion's bump.
      if (queryClient && bumps) raiseRevisions(queryClient, attempt, bumps);
      return result;
    } catch (error) {
      const failure = classifyFailure(error, now());
      if (failure.kind === 'unreachable' && userId !== undefined) {
        directKeys.delete(print);
        // It may have been made (a lost answer, a timeout): later edits no longer fold into it.
        return queue(attempt, userId, key, attempt.creates ? { attempted: true } : {});
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

/**
 * An edit or deletion of an item still waiting to be created. While its creation was never sent, an
 * edit becomes the creation's content and a deletion drops it; once it may have reached the server
 * (its answer lost), the change waits behind it and takes the item's id and revision when it is made.
 */
async function submitOnWaitingItem<T>(change: Change, userId: number): Promise<SubmitOutcome<T>> {
  const clientId = change.after!;
  const creation = entriesOf(userId).find((entry) => entry.clientId === clientId);
  if (!creation) throw new Error('This item is no longer waiting to be created: reload the list.');
  const foldable = creation.state === 'waiting' && !creation.attempted;
  if (foldable && change.method === 'DELETE') {
    await changeEntries((list) => withoutCreation(list, clientId));
    if (queryClient) applyOptimistically(queryClient, change);
    return DROPPED_WAITING;
  }
  if (foldable && change.method === 'PUT' && change.body && typeof change.body === 'object') {
    const body = { ...(change.body as Record<string, unknown>), clientId };
    const saved = await updateEntry(creation.id, { body, label: change.foldedLabel ?? creation.label });
    if (queryClient) applyOptimistically(queryClient, change);
    if (saved) return QUEUED;
    return isKeptInMemoryOnly(creation.id) ? QUEUED_IN_MEMORY : QUEUED_UNSAVED;
  }
  const { foldedLabel: _folded, ...dependent } = change;
  return queue(dependent, userId);
}

/** Sends the signed-in staff member's waiting changes, oldest first, until one cannot go. */
export async function flushOutbox(): Promise<void> {
  if (flushing) return;
  // Another tab of the web console sends the shared outbox; a locked one waits for the keychain.
  if (platform.sender && !platform.sender.isSending()) return;
  flushing = true;
  try {
    for (;;) {
      const next = entriesOf(getSession()?.user.id)[0];
      if (!next || next.state !== 'waiting' || !isOnline() || retryTimer !== undefined || isOutboxLocked()) break;
      if (!(await sendWaiting(next))) break;
    }
  } finally {
    flushing = false;
  }
}

function waitFor(entry: OutboxEntry, waitReason: string): void {
  if (entry.waitReason !== waitReason) void updateEntry(entry.id, { waitReason });
}

/** What the outbox becomes once `entry` was made and answered `result`. */
function afterMade(entry: OutboxEntry, result: unknown): (list: OutboxEntry[]) => OutboxEntry[] {
  return (list) => {
    let next = list.filter((other) => other.id !== entry.id);
    const id = idOf(result);
    const revision = revisionOf(result);
    if (entry.clientId && id !== undefined) next = withCreationMade(next, entry.clientId, id, revision);
    if (revision !== undefined && entry.revision !== undefined)
      next = rebased(next, entry.path, entry.revision, revision);
    // Own side effects: the items it moved are a revision further on, for the changes behind it too.
    for (const bump of entry.bumps ?? []) next = rebased(next, bump.path, bump.from, bump.from + 1);
    return next;
  };
}

function isReorder(entry: Change): boolean {
  return entry.method === 'PUT' && /^\/admin\/[a-z-]+\/reorder$/.test(entry.path);
}

/** A reorder the server refused because it does not name exactly the items of the list (changed elsewhere). */
function isListChanged(error: unknown): boolean {
  return error instanceof ApiError && error.status === 400 && error.errors.some((field) => field.field === 'ids');
}

type Listed = { id: number; order: number; revision: number };

/** Every item of a positioned list, as the server has it now, in its order. */
async function currentList(listPath: string): Promise<Listed[]> {
  const items: Listed[] = [];
  for (let page = 1; ; page += 1) {
    const { data } = await api.request<Record<string, unknown>>('GET', `${listPath}?page=${page}&limit=100`);
    const found = Object.values(data).find(Array.isArray) as Listed[] | undefined;
    items.push(...(found ?? []));
    const pages = (data.pagination as { pages?: number } | undefined)?.pages ?? 1;
    if (!found?.length || page >= pages) break;
  }
  return items.sort((a, b) => a.order - b.order || a.id - b.id);
}

/** The reorder again, from the list as it is now and the order the staff member chose. */
async function rebuiltReorder(entry: OutboxEntry): Promise<Partial<OutboxEntry> & { id: string }> {
  const listPath = entry.path.replace(/\/reorder$/, '');
  const current = await currentList(listPath);
  const intended = ((entry.body as { ids?: unknown[] } | undefined)?.ids ?? []).filter(
    (id): id is number => typeof id === 'number',
  );
  const ids = mergeOrder(
    current.map((item) => item.id),
    intended,
  );
  const bumps = current
    .filter((item) => ids.indexOf(item.id) !== item.order)
    .map((item) => ({ path: `${listPath}/${item.id}`, from: item.revision }));
  // Another request (another body): a new key, or the server would answer the refusal again.
  return { id: crypto.randomUUID(), body: { ids }, bumps, rebuilt: true, state: 'waiting', problem: undefined };
}

async function sendWaiting(entry: OutboxEntry): Promise<boolean> {
  try {
    // Before the first send of a creation: from now on its answer may be lost, so nothing folds into it.
    if (entry.clientId && !entry.attempted) await updateEntry(entry.id, { attempted: true });
    // The entry's id is its key: a replay of a change the server already made gets the first answer.
    const result = await send<unknown>(entry, entry.id);
    retryAttempt = 0;
    if (entry.clientId) {
      const id = idOf(result);
      if (id !== undefined) made.set(entry.clientId, { id, revision: revisionOf(result) });
    }
    await changeEntries(afterMade(entry, result));
    await refetch(entry);
    return true;
  } catch (error) {
    const failure = classifyFailure(error, now());
    switch (failure.kind) {
      case 'unreachable':
        // Connectivity went offline with this answer (or it timed out): the outbox goes on when it returns.
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
        if (isReorder(entry) && !entry.rebuilt && isListChanged(error)) return rebuildAndGoOn(entry, error);
        await updateEntry(entry.id, {
          state: 'rejected',
          problem: describeError(error, 'The server refused this change.').join(' '),
          waitReason: undefined,
        });
        return false;
    }
  }
}

/** The list changed elsewhere: the reorder is made again from it, then the outbox goes on. */
async function rebuildAndGoOn(entry: OutboxEntry, refusal: unknown): Promise<boolean> {
  try {
    await updateEntry(entry.id, await rebuiltReorder(entry));
    return true;
  } catch {
    await updateEntry(entry.id, {
      state: 'rejected',
      problem: describeError(refusal, 'The server refused this change.').join(' '),
      waitReason: undefined,
    });
    return false;
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

/**
 * The server's copy of a conflicting item: kept in memory, or, where the store is not encrypted
 * (and so it was not written), asked for again: the same change with a new key meets the same
 * conflict and brings the copy, without effect. 'made': it went through after all.
 */
async function theirsOf(entry: OutboxEntry): Promise<unknown> {
  if (entry.current !== undefined) return entry.current;
  try {
    await send(entry, crypto.randomUUID());
    return 'made';
  } catch (error) {
    if (isEditConflict(error)) return error.current ?? null;
    if (error instanceof ApiError && error.status === 404) return null;
    throw error;
  }
}

/** The outbox banner's "Review": the same question as in a form, then the outbox goes on. */
export async function reviewConflict(entry: OutboxEntry): Promise<void> {
  const theirs = await theirsOf(entry);
  if (theirs === 'made') {
    await removeEntry(entry.id);
    await refetch(entry);
    return void flushOutbox();
  }
  const choice = await askConflict({ ...entry, mine: entry.body ?? null, theirs });
  // Closed without a choice: the change stays in conflict, as it was.
  if (choice === 'later') return;
  if (choice === 'mine') {
    await resend(entry, { revision: revisionOf(theirs) });
  } else {
    await removeEntry(entry.id);
    await refetch(entry);
  }
  void flushOutbox();
}

/** A refused change: sent again (a reorder rebuilt from the list as it is now), or dropped. */
export async function retryEntry(entry: OutboxEntry): Promise<void> {
  if (isReorder(entry)) await updateEntry(entry.id, { ...(await rebuiltReorder(entry)), waitReason: undefined });
  else await resend(entry, {});
  void flushOutbox();
}

export async function discardEntry(entry: OutboxEntry): Promise<void> {
  // A discarded creation takes what waited on it along (its edits, its place in a reorder).
  await changeEntries((list) =>
    entry.clientId ? withoutCreation(list, entry.clientId) : list.filter((other) => other.id !== entry.id),
  );
  await refetch(entry);
  void flushOutbox();
}
