/**
 * The outbox: changes saved while the server could not be reached, kept durably (they survive a
 * reload or an app restart) and sent in the order they were made when the connection returns.
 * This module holds the list and its persistence; `sync.ts` sends it.
 */
import { useSyncExternalStore } from 'react';
import { platform } from '../platform';

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
}

let entries: OutboxEntry[] = [];
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
  listeners.forEach((listener) => listener());
}

function commit(next: OutboxEntry[]): void {
  entries = next;
  listeners.forEach((listener) => listener());
  platform.durable.write('outbox', JSON.stringify(next)).catch((error: unknown) => {
    console.warn('The outbox could not be written', error);
  });
}

export function enqueue(change: Change, userId: number): OutboxEntry {
  const entry: OutboxEntry = {
    ...change,
    id: crypto.randomUUID(),
    userId,
    queuedAt: new Date().toISOString(),
    state: 'waiting',
  };
  commit([...entries, entry]);
  return entry;
}

export function updateEntry(id: string, patch: Partial<OutboxEntry>): void {
  commit(entries.map((entry) => (entry.id === id ? { ...entry, ...patch } : entry)));
}

export function removeEntry(id: string): void {
  commit(entries.filter((entry) => entry.id !== id));
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
  commit(
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

export function subscribeOutbox(listener: () => void): () => void {
  return subscribe(listener);
}
