/**
 * Staff reads that cost milliseconds each (a message search on the large data) take turns, one at a
 * time per process, and each turn starts after the event loop has served whatever else waits
 * (setImmediate). On SQLite a query blocks the event loop while it runs: four searches sent at once
 * would otherwise run back to back and hold a visitor's cached page behind all of them; in turns, it
 * waits for one at most. The searches themselves queue, which staff hardly notice (a few ms each).
 */
const queues = new WeakMap<object, { tail: Promise<unknown> }>();

/** Runs `work` when its turn comes among the others of `owner` (the app's deps). */
export function inTurn<T>(owner: object, work: () => Promise<T>): Promise<T> {
  let queue = queues.get(owner);
  if (!queue) queues.set(owner, (queue = { tail: Promise.resolve() }));
  const turn = queue.tail.then(() => new Promise((resolve) => setImmediate(resolve))).then(work);
  // The next turn waits for this one, whether it succeeds or fails.
  queue.tail = turn.catch(() => undefined);
  return turn;
}
