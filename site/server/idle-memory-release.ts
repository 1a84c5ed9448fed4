/**
 * Giving memory back when the server goes quiet. After a busy period V8's heap keeps its growth room
 * and the pages its GCs freed (its page pool) resident: the live heap is 30–50 MB, RSS stays ~150 MB.
 * V8 releases them only in a memory-reducing GC, which it starts on its own only under memory pressure
 * or while the embedder reports idle time, and node does neither. So once the server has had no
 * request for IDLE_MS after at least MIN_REQUESTS requests, one such GC is run (`gc()` with
 * `flavor: 'last-resort'`, which node exposes only with --expose-gc; without it this does nothing).
 * Never while requests flow: a request seen in a check starts the quiet period again. Once per quiet
 * period: the next release needs MIN_REQUESTS new requests, so a health probe now and then does not
 * cost a full GC each time. The check is a counter compared on an unref'd interval timer.
 */
import type { Server } from 'node:http';

/** Quiet for this long after a busy period: the memory is released. */
export const IDLE_MS = 5_000;
/** How often the request counter is compared with the last check's. */
export const CHECK_EVERY_MS = 1_000;
/** Requests since the last release that make a busy period (a probe every few seconds is not one). */
export const MIN_REQUESTS = 100;

export interface IdleReleaseOptions {
  /** Runs the memory-reducing GC. */
  release: () => void;
  idleMs?: number;
  checkEveryMs?: number;
  minRequests?: number;
  /** Calls `check` every `everyMs` without keeping the process alive; returns how to stop it. */
  every?: (everyMs: number, check: () => void) => () => void;
}

export interface IdleRelease {
  /** One request seen (called by the server's first 'request' listener). */
  request(): void;
  stop(): void;
}

function unrefInterval(everyMs: number, check: () => void): () => void {
  const timer = setInterval(check, everyMs);
  timer.unref();
  return () => clearInterval(timer);
}

export function idleRelease({
  release,
  idleMs = IDLE_MS,
  checkEveryMs = CHECK_EVERY_MS,
  minRequests = MIN_REQUESTS,
  every = unrefInterval,
}: IdleReleaseOptions): IdleRelease {
  let requests = 0;
  let seenAtLastCheck = 0;
  let releasedAt = 0;
  let quietChecks = 0;
  const stop = every(checkEveryMs, () => {
    if (requests !== seenAtLastCheck) {
      seenAtLastCheck = requests;
      quietChecks = 0;
      return;
    }
    quietChecks += 1;
    if (quietChecks * checkEveryMs >= idleMs && requests - releasedAt >= minRequests) {
      releasedAt = requests;
      release();
    }
  });
  return {
    request() {
      requests += 1;
    },
    stop,
  };
}

/**
 * The GC node exposes with --expose-gc, as a memory-reducing one (V8's CollectAllAvailableGarbage:
 * shrinks the heap's limits and frees the page pool), run from a task of its own rather than inside
 * the timer's callback. Null when node runs without --expose-gc (tests, other launch paths).
 */
export function memoryReducingGc(onDone?: (ms: number) => void): (() => void) | null {
  const gc = globalThis.gc;
  if (!gc) return null;
  return () => {
    const started = performance.now();
    void gc({ type: 'major', execution: 'async', flavor: 'last-resort' }).then(() =>
      onDone?.(performance.now() - started),
    );
  };
}

/** Counts the server's requests and releases memory when it goes quiet; nothing without --expose-gc. */
export function releaseMemoryWhenIdle(server: Server, onDone?: (ms: number) => void): IdleRelease | null {
  const release = memoryReducingGc(onDone);
  if (!release) return null;
  const idle = idleRelease({ release });
  server.on('request', () => idle.request());
  return idle;
}
