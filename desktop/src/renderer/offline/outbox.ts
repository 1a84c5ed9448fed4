/**
 * The outbox: changes saved while the server could not be reached, kept durably (they survive a
 * reload or an app restart) and sent in the order they were made when the connection returns.
 * This module holds the list and its persistence; `sync.ts` sends it.
 *
 * What it keeps (issue 54):
 * - Every change to the list is an operation (add, update, remove, rebase…) applied to the list as it
 *   is on disk when it is written, so browser tabs sharing the web console's storage never write
 *   over each other's changes (the platform runs the write alone: Web Locks), and a tab learns of
 *   another's from the storage event.
 * - Each entry names its server: another server's entries are never sent (nor shown) here.
 * - An outbox the keychain cannot open now is kept by the shell and read again every few seconds;
 *   meanwhile new changes wait in memory behind it and nothing is sent (order matters).
 * - Where the store is not encrypted (no keychain, or a browser's storage), personal data stays off
 *   the disk: the server's copy of a conflicting item is re-read when needed, changes about people
 *   carry a label without their name, and the bodies of account changes (names, e-mails) stay in memory.
 */
import { API_PREFIX, ROUTES, type Route } from '@npo/shared';
import { useSyncExternalStore } from 'react';
import { STORE_LOCKED_MESSAGE } from '../../bridge/contract';
import { platform } from '../platform';
import { backoffDelay } from './replay-policy';

/** A change as the server will receive it: serialisable, so it can wait on disk. */
export interface Change {
  method: 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** Path under /api, e.g. /admin/faqs/3 (or /admin/faqs/<client id> for an item still waiting to be created). */
  path: string;
  body?: unknown;
  /** The revision the editor saw (If-Match); absent for creations. */
  revision?: number;
  /** What the change is, in the staff member's words: "Edit FAQ “How do I join?”". */
  label: string;
  /** Query keys of the lists it affects, refetched once it is sent. */
  invalidates: readonly (readonly string[])[];
  /** A creation: sync.ts gives it a client id (DESIGN habit 17), which the server keeps unique. */
  creates?: boolean;
  /** The client id of this creation (also in its body). */
  clientId?: string;
  /** Acts on an item still waiting to be created: that creation's client id (the path names it too). */
  after?: string;
  /** With `after`: the creation's label once this edit is folded into it ("New FAQ “…”"). */
  foldedLabel?: string;
  /**
   * Revisions this change raises besides its own item's once it is made (a reorder moves items, a
   * deletion closes the gap after it): the changes behind it on those items move on with it.
   */
  bumps?: readonly Bump[];
}

/** The item at `path` goes from revision `from` to `from + 1` when the change is made. */
export interface Bump {
  path: string;
  from: number;
}

export type EntryState = 'waiting' | 'conflict' | 'rejected';

export interface OutboxEntry extends Change {
  id: string;
  /** Whose change it is: only that staff member's session sends it. */
  userId: number;
  /** The server it is for (its origin): it is never sent to another. */
  server: string;
  queuedAt: string;
  state: EntryState;
  /** A creation that was sent at least once: its answer may be lost, so later edits no longer fold into it. */
  attempted?: boolean;
  /** Why it stopped (conflict or refusal), as the server said it. */
  problem?: string;
  /** With a conflict: the item as it is now on the server (kept on disk only where it is encrypted). */
  current?: unknown;
  /** Why a waiting change has not gone yet, in the staff member's words (server unreachable, busy…). */
  waitReason?: string;
  /** A reorder rebuilt once from the list as it is now, after the server refused the order it had. */
  rebuilt?: boolean;
}

type Operation = (list: OutboxEntry[]) => OutboxEntry[];

/** The server this console talks to: the shell's choice on the desktop, the page's own origin on the web. */
export function serverOrigin(): string {
  return platform.apiBaseUrl || (globalThis.location?.origin ?? '');
}

let entries: OutboxEntry[] = [];
let loaded = false;
/** The shell could not decrypt the outbox on disk (kept, read again): nothing is sent or written meanwhile. */
let locked = false;
const listeners = new Set<() => void>();

function isEntry(value: unknown): value is OutboxEntry {
  const entry = value as Partial<OutboxEntry> | null;
  return (
    !!entry &&
    typeof entry.id === 'string' &&
    typeof entry.path === 'string' &&
    typeof entry.method === 'string' &&
    typeof entry.userId === 'number'
  );
}

/** Entries of this server (those from before entries named one belong to the only server there was). */
function ofThisServer(entry: OutboxEntry): boolean {
  return entry.server === undefined || entry.server === serverOrigin();
}

function parse(text: string | null): OutboxEntry[] {
  try {
    const parsed: unknown = text ? JSON.parse(text) : [];
    return Array.isArray(parsed)
      ? parsed.filter(isEntry).map((entry) => ({ ...entry, server: entry.server ?? serverOrigin() }))
      : [];
  } catch {
    // A damaged file is ignored, not fatal.
    return [];
  }
}

function isLockedError(error: unknown): boolean {
  return error instanceof Error && error.message.includes(STORE_LOCKED_MESSAGE);
}

function publish(): void {
  listeners.forEach((listener) => listener());
}

/** Operations applied in memory that the disk does not hold yet, in order. */
let pending: Operation[] = [];
/** Entries kept in memory only (account changes without an encrypted store). */
let memoryOnly = new Set<string>();
/** The list as last written or read, with this window's memory-only entries: the base of the next write. */
let lastWritten: OutboxEntry[] = [];
/** Whether the platform encrypts what it writes; unknown until it answers: then assumed not. */
let encryptedAtRest = false;
let relockTimer: ReturnType<typeof setTimeout> | undefined;
/** How often a locked outbox is read again. */
export const LOCKED_RETRY_MS = 5_000;

/** Reads what was waiting when the console last closed. */
export async function loadOutbox(): Promise<void> {
  encryptedAtRest = await (platform.durable.encrypted?.() ?? Promise.resolve(false)).catch(() => false);
  try {
    lastWritten = withOwnMemoryOnly(parse(await platform.durable.read('outbox')));
    locked = false;
  } catch (error) {
    if (!isLockedError(error)) lastWritten = withOwnMemoryOnly([]);
    else {
      locked = true;
      clearTimeout(relockTimer);
      relockTimer = setTimeout(() => void loadOutbox(), LOCKED_RETRY_MS);
    }
  }
  // Another server's entries were given up when the server changed (the shell asked): not shown here.
  entries = pending.reduce((list, operation) => operation(list), lastWritten.filter(ofThisServer));
  loaded = true;
  publish();
  if (!locked && pending.length > 0) void persist();
  if (!locked) unlockListeners.forEach((listener) => listener());
}

/** Called when a locked outbox opened: the sender goes on. */
const unlockListeners = new Set<() => void>();
export function onOutboxUnlocked(listener: () => void): () => void {
  unlockListeners.add(listener);
  return () => unlockListeners.delete(listener);
}

export function isOutboxLocked(): boolean {
  return locked;
}

/** Another tab wrote the shared store: its changes show here too (ours still to write stay on top). */
export function followOtherTabs(): () => void {
  return platform.durable.watch?.('outbox', () => void loadOutbox()) ?? (() => undefined);
}

/** Why the outbox could not be written to this computer, while it cannot; null when all is saved. */
let saveProblem: string | null = null;
const problemListeners = new Set<() => void>();
/** Writes go one after the other: an older list must never land on disk after a newer one. */
let writing: Promise<boolean> = Promise.resolve(true);
let failedWrites = 0;
let rewrite: ReturnType<typeof setTimeout> | undefined;
let random: () => number = Math.random;

/** Tests make the pause before a new write attempt predictable. */
export function setOutboxRandom(next: () => number): void {
  random = next;
}

function setSaveProblem(next: string | null): void {
  if (saveProblem === next) return;
  saveProblem = next;
  problemListeners.forEach((listener) => listener());
}

/** A queued change's path (under /api) is the collection's of `list`, or one of its items'. */
function isUnder(list: Route, path: string): boolean {
  const collection = list.path.slice(API_PREFIX.length);
  return path === collection || path.startsWith(`${collection}/`);
}

/** Where changes are about people, and how they are labelled where the store is not encrypted. */
const PERSONAL_COLLECTIONS: [list: Route, label: string][] = [
  [ROUTES.users.list, 'A change to a staff account'],
  [ROUTES.members.list, 'A change to a member'],
  [ROUTES.contactMessages.list, 'A change to a contact message'],
];

/** A member's photo (PUT /admin/members/:id/profile/photo): a face, and megabytes. */
const isPhotoUpload = (path: string) => /^\/admin\/members\/\d+\/profile\/photo$/.test(path);

function personalLabel(path: string): string | undefined {
  return PERSONAL_COLLECTIONS.find(([list]) => isUnder(list, path))?.[1];
}

/** The entry as it may be written where the store is not encrypted; null: memory only. */
function forUnencryptedDisk(entry: OutboxEntry): OutboxEntry | null {
  // The server's copy of a conflicting item is asked for again when the staff member reviews it.
  const { current: _current, ...rest } = entry;
  const label = personalLabel(entry.path);
  if (label === undefined) return rest;
  // Bodies that hold a person's name and e-mail (an account's form), or their photo, stay in memory.
  if (entry.body !== undefined && (isUnder(ROUTES.users.list, entry.path) || isPhotoUpload(entry.path))) return null;
  return { ...rest, label };
}

function onDiskForm(list: OutboxEntry[]): { written: OutboxEntry[]; inMemory: Set<string> } {
  if (encryptedAtRest) return { written: list, inMemory: new Set() };
  const written: OutboxEntry[] = [];
  const inMemory = new Set<string>();
  for (const entry of list) {
    const kept = forUnencryptedDisk(entry);
    if (kept) written.push(kept);
    else inMemory.add(entry.id);
  }
  return { written, inMemory };
}

/**
 * A list read from the store, with this window's entries that are not written there (memory only)
 * put back in their place: the order of the changes is the order they were made in.
 */
function withOwnMemoryOnly(list: OutboxEntry[]): OutboxEntry[] {
  const missing = lastWritten.filter(
    (entry) => memoryOnly.has(entry.id) && !list.some((other) => other.id === entry.id),
  );
  if (missing.length === 0) return list;
  return [...list, ...missing].sort((a, b) => (a.queuedAt < b.queuedAt ? -1 : a.queuedAt > b.queuedAt ? 1 : 0));
}

/** Writes the operations not on disk yet; true once the platform confirmed them. */
function persist(): Promise<boolean> {
  writing = writing.then(async () => {
    if (locked) return false;
    const applying = pending;
    if (applying.length === 0 && saveProblem === null) return true;
    const write = async () => {
      // Tabs share the web console's storage: the list is read again under the lock, so another tab's
      // changes are kept. The desktop shell has one window, whose last write is the disk's list.
      const base = platform.durable.exclusive
        ? withOwnMemoryOnly(parse(await platform.durable.read('outbox')))
        : lastWritten;
      const others = base.filter((entry) => !ofThisServer(entry));
      const next = applying.reduce((list, operation) => operation(list), base.filter(ofThisServer));
      const { written, inMemory } = onDiskForm(next);
      await platform.durable.write('outbox', JSON.stringify([...others, ...written]));
      return { next, inMemory, others };
    };
    try {
      const { next, inMemory, others } = await (platform.durable.exclusive
        ? platform.durable.exclusive('outbox', write)
        : write());
      memoryOnly = inMemory;
      lastWritten = [...others, ...next];
      pending = pending.slice(applying.length);
      entries = pending.reduce((list, operation) => operation(list), next);
      failedWrites = 0;
      setSaveProblem(null);
      publish();
      return true;
    } catch (error) {
      if (isLockedError(error)) {
        // The keychain closed again: what is waiting stays in memory until the outbox opens.
        locked = true;
        void loadOutbox();
        return false;
      }
      failedWrites += 1;
      setSaveProblem(error instanceof Error && error.message ? error.message : 'the write failed');
      // The changes stay in memory (and are still sent when the server answers); saving is tried again.
      clearTimeout(rewrite);
      rewrite = setTimeout(() => void persist(), backoffDelay(failedWrites, random));
      return false;
    }
  });
  return writing;
}

function commit(operation: Operation): Promise<boolean> {
  entries = operation(entries);
  pending = [...pending, operation];
  publish();
  return persist();
}

/** Resolves once every change made so far was written (or failed to be): before the shell counts them. */
export function whenWritten(): Promise<boolean> {
  return writing;
}

/**
 * Whether a change the staff member made is not on this computer's disk yet (Quit asks first). A
 * locked outbox alone is not: what it holds is on disk; changes made meanwhile are pending.
 */
export function hasUnsavedChanges(): boolean {
  return pending.length > 0 || memoryOnly.size > 0 || saveProblem !== null;
}

/**
 * Quit, "Restart to update", Reload or closing the tab asks first while a change is not on disk
 * (issue 54 item 10): the browser's prompt, or the shell's native one (its will-prevent-unload).
 */
export function askBeforeLeavingUnsaved(): void {
  if (typeof window === 'undefined') return;
  window.addEventListener('beforeunload', (event) => {
    if (!hasUnsavedChanges()) return;
    event.preventDefault();
    // Older Chromium, and Electron, look at returnValue rather than preventDefault().
    event.returnValue = '';
  });
}

/** Whether this entry lives in memory only (an account change where the store is not encrypted). */
export function isKeptInMemoryOnly(id: string): boolean {
  return memoryOnly.has(id);
}

/** The change is in the list at once; the promise says whether it is also saved on this computer. */
export async function enqueue(
  change: Change,
  userId: number,
  id: string = crypto.randomUUID(),
  extra: Partial<OutboxEntry> = {},
): Promise<{ entry: OutboxEntry; saved: boolean }> {
  const entry: OutboxEntry = {
    ...change,
    id,
    userId,
    server: serverOrigin(),
    queuedAt: new Date().toISOString(),
    state: 'waiting',
    ...extra,
  };
  const saved = await commit((list) => (list.some((other) => other.id === id) ? list : [...list, entry]));
  return { entry, saved: saved && !memoryOnly.has(id) };
}

export function updateEntry(id: string, patch: Partial<OutboxEntry>): Promise<boolean> {
  return commit((list) => list.map((entry) => (entry.id === id ? { ...entry, ...patch } : entry)));
}

export function removeEntry(id: string): Promise<boolean> {
  return commit((list) => list.filter((entry) => entry.id !== id));
}

/** Applies several changes of the list as one write (a creation made, and what waited on it). */
export function changeEntries(operation: (list: OutboxEntry[]) => OutboxEntry[]): Promise<boolean> {
  return commit(operation);
}

/**
 * Every change waiting on this computer for this server, whoever made it: what a server change would
 * throw away. Read from the store when the console (which loads the outbox) has not started here.
 */
export async function countAllWaiting(): Promise<number> {
  if (loaded) return entries.length;
  try {
    return parse(await platform.durable.read('outbox')).filter(ofThisServer).length;
  } catch {
    return 0;
  }
}

/** The question asked before a server change that would throw waiting changes away. */
export function serverChangeWarning(count: number): string {
  const changes = `${count} ${count === 1 ? 'change' : 'changes'}`;
  return `${changes} saved on this computer ${count === 1 ? 'has' : 'have'} not reached the server yet. Connecting to another server discards ${count === 1 ? 'it' : 'them'} for good.`;
}

/** Why a change has not gone yet, in the staff member's words. */
export function whyWaiting(entry: OutboxEntry, index: number, online: boolean): string {
  if (entry.state === 'conflict') return 'Someone else changed this item on the server: choose which version to keep.';
  if (entry.state === 'rejected') return `The server refused it: ${entry.problem ?? 'no reason given'}.`;
  if (!online) return 'The server cannot be reached.';
  if (entry.waitReason) return entry.waitReason;
  return index === 0 ? 'Being sent.' : 'Waiting for the changes before it (they are sent in order).';
}

export function getEntry(id: string): OutboxEntry | undefined {
  return entries.find((entry) => entry.id === id);
}

export function getSaveProblem(): string | null {
  return saveProblem;
}

export function useOutboxSaveProblem(): string | null {
  return useSyncExternalStore(
    (listener) => {
      problemListeners.add(listener);
      return () => problemListeners.delete(listener);
    },
    getSaveProblem,
    getSaveProblem,
  );
}

/** The changes of one staff member, oldest first. */
export function entriesOf(userId: number | undefined): OutboxEntry[] {
  return userId === undefined ? [] : entries.filter((entry) => entry.userId === userId);
}

/** /admin/faqs/3/activate → /admin/faqs/3 */
export function itemPathOf(path: string): string {
  return path.match(/^\/admin\/[a-z-]+\/[^/]+/)?.[0] ?? path;
}

/**
 * After a change to an item was made, the waiting changes to the same item (and the revisions other
 * waiting changes expect it to raise) were made on top of it: they move from the revision it had
 * then to the one it has now. Applied to the changes behind `after` only.
 */
export function rebased(list: OutboxEntry[], path: string, from: number, to: number): OutboxEntry[] {
  const itemPath = itemPathOf(path);
  return list.map((entry) => {
    if (entry.state !== 'waiting') return entry;
    const revision = entry.revision === from && itemPathOf(entry.path) === itemPath ? to : entry.revision;
    const bumps = entry.bumps?.map((bump) =>
      bump.path === itemPath && bump.from === from ? { ...bump, from: to } : bump,
    );
    return revision === entry.revision && bumps === entry.bumps
      ? entry
      : { ...entry, revision, ...(bumps && { bumps }) };
  });
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

const snapshot = () => entries;
const lockedSnapshot = () => locked;

export function useOutbox(userId: number | undefined): OutboxEntry[] {
  const all = useSyncExternalStore(subscribe, snapshot, snapshot);
  return userId === undefined ? [] : all.filter((entry) => entry.userId === userId);
}

/** Whether the outbox on disk waits for the keychain (the banner says so). */
export function useOutboxLocked(): boolean {
  return useSyncExternalStore(subscribe, lockedSnapshot, lockedSnapshot);
}

/** Whether the waiting changes are written unencrypted (the banner says so). */
export function isStoredUnencrypted(): boolean {
  return !encryptedAtRest;
}
