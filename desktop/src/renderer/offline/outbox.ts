/**
 * The outbox: changes saved while the server could not be reached, kept durably (they survive a
 * reload or an app restart) and sent in the order they were made when the connection returns.
 * This module holds the list and its persistence; `sync.ts` sends it.
 */
import { useSyncExternalStore } from 'react';
import { platform } from '../platform';
import { backoffDelay } from './replay-policy';

/** A change as the server will receive it: serialisable, so it can wait on disk. */
export interface Change {
  method: 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** Path under /api, e.g. /admin/faqs/3 */
  path: string;
  body?: unknown;
  /** The revision the editor saw (If-Match); absent for creations. */
  revision?: number;
  /** What the change is, in the staff member's words: "Edit FAQ “How do I join?”". */
  label: string;
  /** Query keys of the lists it affects, refetched once it is sent. */
  invalidates: readonly (readonly string[])[];
}

export type EntryState = 'waiting' | 'conflict' | 'rejected';

export interface OutboxEntry extends Change {
  id: string;
  /** Whose change it is: only that staff member's session sends it. */
  userId: number;
  queuedAt: string;
  state: EntryState;
  /** Why it stopped (conflict or refusal), as the server said it. */
  problem?: string;
  /** With a conflict: the item as it is now on the server. */
  current?: unknown;
  /** Why a waiting change has not gone yet, in the staff member's words (server unreachable, busy…). */
  waitReason?: string;
}

let entries: OutboxEntry[] = [];
let loaded = false;
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

/** Reads what was waiting when the console last closed; a damaged file is ignored, not fatal. */
export async function loadOutbox(): Promise<void> {
  try {
    const text = await platform.durable.read('outbox');
    const parsed: unknown = text ? JSON.parse(text) : [];
    entries = Array.isArray(parsed) ? parsed.filter(isEntry) : [];
  } catch {
    entries = [];
  }
  loaded = true;
  listeners.forEach((listener) => listener());
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

/** Writes the list as it is when the write starts; true once the platform confirmed it. */
function persist(): Promise<boolean> {
  writing = writing.then(async () => {
    try {
      await platform.durable.write('outbox', JSON.stringify(entries));
      failedWrites = 0;
      setSaveProblem(null);
      return true;
    } catch (error) {
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

function commit(next: OutboxEntry[]): Promise<boolean> {
  entries = next;
  listeners.forEach((listener) => listener());
  return persist();
}

/** The change is in the list at once; the promise says whether it is also saved on this computer. */
export async function enqueue(
  change: Change,
  userId: number,
  id: string = crypto.randomUUID(),
): Promise<{ entry: OutboxEntry; saved: boolean }> {
  const entry: OutboxEntry = { ...change, id, userId, queuedAt: new Date().toISOString(), state: 'waiting' };
  const saved = await commit([...entries, entry]);
  return { entry, saved };
}

export function updateEntry(id: string, patch: Partial<OutboxEntry>): Promise<boolean> {
  return commit(entries.map((entry) => (entry.id === id ? { ...entry, ...patch } : entry)));
}

export function removeEntry(id: string): Promise<boolean> {
  return commit(entries.filter((entry) => entry.id !== id));
}

/**
 * Every change waiting on this computer, whoever made it: what a server change would throw away.
 * Read from the store when the console (which loads the outbox) has not started in this window.
 */
export async function countAllWaiting(): Promise<number> {
  if (loaded) return entries.length;
  try {
    const parsed: unknown = JSON.parse((await platform.durable.read('outbox')) ?? '[]');
    return Array.isArray(parsed) ? parsed.filter(isEntry).length : 0;
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

/**
 * After a change to an item was sent, the next waiting changes to the same item were made on top of
 * it: they carry the revision it had then, and move on to the revision the server gave it.
 */
export function rebaseFollowing(path: string, from: number | undefined, to: number): void {
  if (from === undefined) return;
  const itemPath = itemPathOf(path);
  void commit(
    entries.map((entry) =>
      entry.state === 'waiting' && entry.revision === from && itemPathOf(entry.path) === itemPath
        ? { ...entry, revision: to }
        : entry,
    ),
  );
}

/** /admin/faqs/3/activate → /admin/faqs/3 */
function itemPathOf(path: string): string {
  return path.match(/^\/admin\/[a-z-]+\/\d+/)?.[0] ?? path;
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

const snapshot = () => entries;

export function useOutbox(userId: number | undefined): OutboxEntry[] {
  const all = useSyncExternalStore(subscribe, snapshot, snapshot);
  return userId === undefined ? [] : all.filter((entry) => entry.userId === userId);
}
