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

export type ConflictChoice = 'mine' | 'theirs';

interface Pending {
  question: ConflictQuestion;
  answer: (choice: ConflictChoice) => void;
}

let pending: Pending | null = null;
const listeners = new Set<() => void>();

function publish(next: Pending | null): void {
  pending = next;
  listeners.forEach((listener) => listener());
}

export function askConflict(question: ConflictQuestion): Promise<ConflictChoice> {
  // A question still open is answered with the safe choice: nothing is overwritten unseen.
  pending?.answer('theirs');
  return new Promise((resolve) => {
    publish({
      question,
      answer: (choice) => {
        publish(null);
        resolve(choice);
      },
    });
  });
}

const snapshot = () => pending;

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
