/**
 * The question asked when a change meets a newer version on the server: keep mine or take theirs.
 * Asked from anywhere (a form's save, the outbox banner) with `await askConflict(...)`; the one
 * ConflictDialog mounted in the App answers it.
 */
import { useSyncExternalStore } from 'react';

export interface ConflictQuestion {
  /** What the change is: "Edit FAQ “How do I join?”". */
  label: string;
  /** The editor's values (the request body); null for a deletion or an action without a body. */
  mine: unknown;
  /** The item as it is on the server now; null when it was deleted there. */
  theirs: unknown;
  method: 'POST' | 'PUT' | 'PATCH' | 'DELETE';
}

/** `later`: the dialog was closed (Esc, ×) without a choice; nothing is dropped or overwritten. */
export type ConflictChoice = 'mine' | 'theirs' | 'later';

interface Pending {
  question: ConflictQuestion;
  answer: (choice: ConflictChoice) => void;
}

let pending: Pending | null = null;
/** Questions asked while another is open wait their turn, in the order they came. */
const waiting: Pending[] = [];
const listeners = new Set<() => void>();

function publish(next: Pending | null): void {
  pending = next;
  listeners.forEach((listener) => listener());
}

export function askConflict(question: ConflictQuestion): Promise<ConflictChoice> {
  return new Promise((resolve) => {
    const asked: Pending = {
      question,
      answer: (choice) => {
        if (pending !== asked) return;
        publish(waiting.shift() ?? null);
        resolve(choice);
      },
    };
    if (pending) waiting.push(asked);
    else publish(asked);
  });
}

/** How many questions wait behind the one on screen. */
export function queuedConflicts(): number {
  return waiting.length;
}

const snapshot = () => pending;

/** The question on screen, if any. */
export function currentConflict(): Pending | null {
  return pending;
}

export function usePendingConflict(): Pending | null {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    snapshot,
    snapshot,
  );
}
