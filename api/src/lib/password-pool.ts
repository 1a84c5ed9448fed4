/**
 * bcrypt on worker threads, so hashing and verifying passwords never stalls the event loop that
 * serves every other request. The pool is bounded: a few workers, a short queue with a short wait;
 * work beyond that is refused at once (PoolBusyError) rather than piling up behind a flood.
 * A worker holds about 15 MB resident (its own V8 heap): one idle for `idleMs` ends, and the next
 * task starts a fresh one (50–60 ms measured on the 2-core machine), so a quiet server keeps none.
 */
import { existsSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';
import type { PasswordAnswer, PasswordTask, PasswordWorkerData } from './password-worker.js';

export interface PasswordPoolOptions {
  /** Worker threads, each running one bcrypt at a time. */
  size: number;
  /** Tasks allowed to wait for a free worker; more are refused at once. */
  maxQueue: number;
  /** How long a task may wait for a worker before it is refused. */
  maxWaitMs: number;
  /** How long a worker may stay idle before it ends; DEFAULT_IDLE_MS unless given. */
  idleMs?: number;
  /** Arms the idle retirement (tests inject one they fire themselves); an unreferenced setTimeout unless given. */
  idleTimer?: IdleTimer;
}

/** Calls `retire` after `ms` unless the returned function disarms it first. */
export type IdleTimer = (retire: () => void, ms: number) => () => void;

/**
 * Long enough for a burst of sign-ins (a meeting, a newsletter's link) to reuse the workers, short
 * enough that a server back to quiet gives their memory back well within a minute.
 */
const DEFAULT_IDLE_MS = 30_000;

/** Unreferenced: an idle worker's timer never keeps a process (the CLI, a test) alive. */
const unreferencedTimer: IdleTimer = (retire, ms) => {
  const timer = setTimeout(retire, ms);
  timer.unref();
  return () => clearTimeout(timer);
};

/** Too much password work already running and waiting: the caller answers 429. */
export class PoolBusyError extends Error {
  override name = 'PoolBusyError';
}

/**
 * One core is left to the event loop (on a 2-core machine, one worker), at most 4: a cost-12 bcrypt
 * takes about a quarter of a second, so that is 4 to 16 sign-ins a second, beyond any real peak of
 * this site. The queue holds about two seconds of work.
 */
export function defaultPoolOptions(): PasswordPoolOptions {
  const size = Math.min(4, Math.max(1, availableParallelism() - 1));
  return { size, maxQueue: size * 8, maxWaitMs: 2000 };
}

/** How many times longer than others a known device's sign-in may wait for a worker. */
const PRIORITY_WAIT_FACTOR = 10;

interface Pending {
  task: PasswordTask;
  /** A sign-in from a known device: queued before the others, and never refused for them. */
  priority: boolean;
  resolve(value: unknown): void;
  reject(error: Error): void;
  timer?: NodeJS.Timeout;
}

interface Slot {
  worker: Worker;
  /**
   * The one worker at normal priority, for known devices and operators (issue 19): an idle-class worker gets
   * no time while a flood keeps the event loop busy, and a person who signed in before should not
   * wait for the flood to end. Known devices are few and each is bounded by its account's lockout.
   */
  express?: boolean;
  current?: Pending;
  /** Set by close(): the worker ends once its current task is answered. */
  retiring?: boolean;
  /** Disarms the idle retirement armed when the worker last fell idle. */
  disarmIdle?: () => void;
}

/**
 * The worker's module, always from the build output (`npm run build`): built and linted like every
 * other module, and the same file under vitest (which runs the TypeScript sources) as in the server.
 */
const WORKER_FILE = import.meta.url.endsWith('.ts')
  ? new URL('../../dist/lib/password-worker.js', import.meta.url)
  : new URL('./password-worker.js', import.meta.url);

export function createPasswordPool(options: PasswordPoolOptions) {
  const slots = new Set<Slot>();
  const queue: Pending[] = [];
  const idleMs = options.idleMs ?? DEFAULT_IDLE_MS;
  const idleTimer = options.idleTimer ?? unreferencedTimer;
  let closed = false;

  function spawn(express = false): Slot {
    if (!existsSync(WORKER_FILE))
      throw new Error(`password worker ${WORKER_FILE.pathname} is not built (npm run build)`);
    const workerData: PasswordWorkerData = { express };
    const worker = new Worker(WORKER_FILE, { workerData });
    const slot: Slot = { worker, express, retiring: closed };
    slot.worker.on('message', (message: PasswordAnswer) => {
      const done = slot.current!;
      slot.current = undefined;
      if (message.error === undefined) done.resolve(message.result);
      else done.reject(new Error(`password worker: ${message.error}`));
      release(slot);
    });
    // A crashed worker fails only its own task; the next task gets a fresh worker.
    let crash: Error | undefined;
    slot.worker.on('error', (error) => (crash = error));
    slot.worker.on('exit', () => {
      disarmIdle(slot);
      slots.delete(slot);
      slot.current?.reject(crash ?? new Error('password worker exited'));
      slot.current = undefined;
      pump();
    });
    slots.add(slot);
    return slot;
  }

  function run(slot: Slot, pending: Pending): void {
    clearTimeout(pending.timer);
    disarmIdle(slot);
    slot.current = pending;
    // Referenced only while working: an idle pool never keeps a process (the CLI, a test) alive.
    slot.worker.ref();
    slot.worker.postMessage(pending.task);
  }

  function release(slot: Slot): void {
    slot.worker.unref();
    if (slot.retiring) void retire(slot);
    pump();
    if (!slot.current && slots.has(slot)) {
      slot.disarmIdle = idleTimer(() => {
        slot.disarmIdle = undefined;
        if (!slot.current) void retire(slot);
      }, idleMs);
    }
  }

  function disarmIdle(slot: Slot): void {
    slot.disarmIdle?.();
    slot.disarmIdle = undefined;
  }

  /** Ends an idle worker: out of the pool at once (the next task starts another), its thread soon after. */
  function retire(slot: Slot): Promise<number> {
    disarmIdle(slot);
    slots.delete(slot);
    return slot.worker.terminate();
  }

  /** A free worker for the task: known devices (`priority`) prefer the express one, others never get it. */
  function idleSlot(priority = false): Slot | undefined {
    const regular = [...slots].filter((slot) => !slot.express);
    if (priority) {
      const express = [...slots].find((slot) => slot.express);
      if (!express) return spawn(true);
      if (!express.current) return express;
    }
    for (const slot of regular) if (!slot.current) return slot;
    return regular.length < options.size ? spawn() : undefined;
  }

  function pump(): void {
    // Tasks with priority are at the front: a task without it at the head means none with it wait.
    while (queue.length > 0) {
      const slot = idleSlot(queue[0]!.priority);
      if (!slot) return;
      run(slot, queue.shift()!);
    }
  }

  /** The last task without priority leaves the queue, refused, to make room for one with it. */
  function shedOne(): boolean {
    for (let index = queue.length - 1; index >= 0; index -= 1) {
      const pending = queue[index]!;
      if (pending.priority) continue;
      queue.splice(index, 1);
      clearTimeout(pending.timer);
      pending.reject(new PoolBusyError('password pool queue is full'));
      return true;
    }
    return false;
  }

  function submit<T>(task: PasswordTask, priority = false): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      const pending: Pending = { task, priority, resolve, reject };
      const slot = idleSlot(priority);
      if (slot) return run(slot, pending);
      if (queue.length >= options.maxQueue && !(priority && shedOne())) {
        return reject(new PoolBusyError('password pool queue is full'));
      }
      // Known devices are few (one per person who signed in before): they may wait longer than a flood.
      pending.timer = setTimeout(
        () => {
          queue.splice(queue.indexOf(pending), 1);
          reject(new PoolBusyError('password pool wait exceeded'));
        },
        priority ? options.maxWaitMs * PRIORITY_WAIT_FACTOR : options.maxWaitMs,
      );
      pending.timer.unref();
      const firstWithout = queue.findIndex((waiting) => !waiting.priority);
      if (priority && firstWithout >= 0) queue.splice(firstWithout, 0, pending);
      else queue.push(pending);
    });
  }

  return {
    /** Workers alive, busy or idle. */
    workerCount: (): number => slots.size,

    /** Ends the idle workers now rather than after `idleMs` (after start-up's one hash); the pool stays usable. */
    retireIdle(): void {
      for (const slot of [...slots]) if (!slot.current) void retire(slot);
    },

    /** Every worker busy and the queue full: a task submitted now would be refused. */
    isFull(): boolean {
      const busy = [...slots].filter((slot) => slot.current && !slot.express).length;
      return busy >= options.size && queue.length >= options.maxQueue;
    },
    /** `priority`: an operator's hash, on the express worker like a known device's sign-in. */
    hash: (password: string, cost: number, priority = false) =>
      submit<string>({ op: 'hash', password, cost }, priority),
    /** `priority`: a sign-in from a known device, served before anonymous ones (issue 19). */
    compare: (password: string, hash: string, priority = false) =>
      submit<boolean>({ op: 'compare', password, hash }, priority),

    /**
     * Ends idle workers now and busy ones after their task; work already queued or submitted later
     * still runs (on workers that end when done), as other runtimes in the process may share the pool.
     */
    async close(): Promise<void> {
      const idle = [...slots].filter((slot) => !slot.current);
      for (const slot of slots) slot.retiring = true;
      closed = true;
      await Promise.all(idle.map(retire));
    },
  };
}

export type PasswordPool = ReturnType<typeof createPasswordPool>;
