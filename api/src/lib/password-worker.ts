/**
 * One thread of the password pool (password-pool.ts starts it from the build output,
 * dist/lib/password-worker.js): bcrypt with the synchronous calls, since the thread exists to block
 * on them. It lowers its own priority (on Linux a nice value is per thread): when cores are scarce,
 * serving pages comes before checking passwords. The express worker (known devices' sign-ins) keeps
 * the normal priority.
 */
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
