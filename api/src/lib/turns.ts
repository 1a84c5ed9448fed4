/**
 * Staff reads that cost milliseconds each (a message search on the large data, each page of a CSV
 * export) take turns, one at a time per process, and each turn starts after the event loop has served
 * whatever else waits (setImmediate): eight staff reads in flight at once would otherwise run and be
 * answered in one burst, and a visitor's cached page would wait behind all of them. In turns, it waits
 * for one at most. The staff reads themselves queue, which staff hardly notice (a few ms each).
 */
import { setImmediate } from 'node:timers/promises';

const queues = new WeakMap<object, { tail: Promise<unknown> }>();

/** Runs `work` when its turn comes among the others of `owner` (the app's deps). */
export function inTurn<T>(owner: object, work: () => Promise<T>): Promise<T> {
  let queue = queues.get(owner);
  if (!queue) queues.set(owner, (queue = { tail: Promise.resolve() }));
  const turn = queue.tail.then(() => setImmediate()).then(work);
  // The next turn waits for this one, whether it succeeds or fails.
  queue.tail = turn.catch(() => undefined);
  return turn;
}

/**
 * The items of `items`, each read in a turn of `owner` (inTurn): an export's pages take turns with
 * searches and other exports' pages, one page at a time per process.
 */
export async function* inTurns<T>(owner: object, items: AsyncIterable<T>): AsyncGenerator<T> {
  const iterator = items[Symbol.asyncIterator]();
  try {
    for (;;) {
      const next = await inTurn(owner, () => iterator.next());
      if (next.done) return;
      yield next.value;
    }
  } finally {
    // A dropped download stops the export where it is: the source generator runs its own finally.
    await iterator.return?.();
  }
}
