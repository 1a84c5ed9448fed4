/**
 * A worker thread that answers requests one by one, matched by id: started on first use and ended
 * after `idleMs` without one, so that an idle server holds no second V8 heap (10–18 MB each). The next
 * request starts a fresh thread. A thread that stops fails the requests it held, and only those: a
 * retired thread's late exit never touches its successor's. The staff-reads threads (db/staff-reads.ts)
 * and the SMTP thread (mail/smtp-thread.ts) are such threads.
 */
import type { Worker } from 'node:worker_threads';
import { startThread } from './thread-slice.js';

export interface IdleWorkerOptions<Reply extends { id: number }, Answer> {
  /** A new thread, with its source, data and limits. */
  start: () => Worker;
  idleMs: number;
  /** What a reply settles its request with: an answer, or an error to reject it with. */
  settle: (reply: Reply) => { answer: Answer } | { error: Error };
  /** The error of the requests a thread held when it stopped without an error of its own. */
  stoppedMessage: string;
}

export interface IdleWorker<Request, Answer> {
  send: (request: Request) => Promise<Answer>;
  /** Whether a thread is there: started by a request, ended when idle. */
  running: () => boolean;
  close: () => Promise<void>;
}

interface RunningThread<Answer> {
  worker: Worker;
  pending: Map<number, { resolve(answer: Answer): void; reject(error: Error): void }>;
}

export function idleWorker<Request extends object, Reply extends { id: number }, Answer>(
  options: IdleWorkerOptions<Reply, Answer>,
): IdleWorker<Request, Answer> {
  let current: RunningThread<Answer> | undefined;
  let nextId = 0;
  let idleTimer: NodeJS.Timeout | undefined;

  function retireWhenIdle(running: RunningThread<Answer>): void {
    clearTimeout(idleTimer);
    idleTimer = setTimeout(() => {
      if (current !== running || running.pending.size > 0) return;
      current = undefined;
      void running.worker.terminate();
    }, options.idleMs);
    idleTimer.unref();
  }

  function started(): RunningThread<Answer> {
    if (current) return current;
    const running: RunningThread<Answer> = { worker: startThread(options.start), pending: new Map() };
    const { worker, pending } = running;
    worker.on('message', (reply: Reply) => {
      const waiting = pending.get(reply.id);
      pending.delete(reply.id);
      const settled = options.settle(reply);
      if ('error' in settled) waiting?.reject(settled.error);
      else waiting?.resolve(settled.answer);
      // Referenced only while working: an idle thread never keeps a process (the CLI, a test) alive.
      if (pending.size === 0) {
        worker.unref();
        retireWhenIdle(running);
      }
    });
    let crash: Error | undefined;
    worker.on('error', (error) => (crash = error));
    worker.on('exit', () => {
      if (current === running) current = undefined;
      for (const waiting of pending.values()) waiting.reject(crash ?? new Error(options.stoppedMessage));
      pending.clear();
    });
    return (current = running);
  }

  return {
    send: (request) => {
      const { worker, pending } = started();
      clearTimeout(idleTimer);
      const id = (nextId += 1);
      return new Promise<Answer>((resolve, reject) => {
        pending.set(id, { resolve, reject });
        worker.ref();
        worker.postMessage({ ...request, id });
      });
    },
    running: () => current !== undefined,
    close: async () => {
      clearTimeout(idleTimer);
      const running = current;
      current = undefined;
      if (running) await running.worker.terminate();
    },
  };
}
