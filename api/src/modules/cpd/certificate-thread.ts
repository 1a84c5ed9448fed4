/**
 * Certificates drawn off the event loop, on one worker thread per process (certificate-worker.ts):
 * started on the first certificate, ended after a quiet minute (it holds its own V8 heap and the
 * parsed fonts), started again on the next. One thread is enough: a certificate takes
 * about 10 ms, so it draws a hundred a second, and the event loop only sends and receives.
 * A worker that crashes fails the certificates it held; the next one starts a fresh thread.
 */
import { existsSync } from 'node:fs';
import { Worker } from 'node:worker_threads';
import type { CertificateContent } from './certificate-pdf.js';
import type { CertificateAnswer, CertificateTask } from './certificate-worker.js';

const IDLE_MS = 60_000;
/**
 * A small young generation: by default V8 sizes a worker's like the main thread's (some 64 MB a
 * semi-space on a large host), which a thread drawing 17 kB files fills with garbage before it
 * collects, about 60 MB more resident at the peak of a hundred downloads (bench, 407 against 342 MB).
 */
const RESOURCE_LIMITS = { maxYoungGenerationSizeMb: 8 };

/** From the build output (`npm run build`), under vitest too, as the password workers. */
const WORKER_FILE = import.meta.url.endsWith('.ts')
  ? new URL('../../../dist/modules/cpd/certificate-worker.js', import.meta.url)
  : new URL('./certificate-worker.js', import.meta.url);

interface Thread {
  worker: Worker;
  waiting: Map<number, { resolve(pdf: Uint8Array): void; reject(error: Error): void }>;
  idle?: NodeJS.Timeout;
}

let thread: Thread | undefined;
let nextId = 1;

function startThread(): Thread {
  if (!existsSync(WORKER_FILE))
    throw new Error(`certificate worker ${WORKER_FILE.pathname} is not built (npm run build)`);
  const started: Thread = { worker: new Worker(WORKER_FILE, { resourceLimits: RESOURCE_LIMITS }), waiting: new Map() };
  started.worker.on('message', (answer: CertificateAnswer) => {
    const waiting = started.waiting.get(answer.id);
    started.waiting.delete(answer.id);
    if (answer.error === undefined) waiting?.resolve(answer.pdf);
    else waiting?.reject(new Error(`certificate worker: ${answer.error}`));
    if (started.waiting.size === 0) fallIdle(started);
  });
  let crash: Error | undefined;
  started.worker.on('error', (error) => (crash = error));
  started.worker.on('exit', () => {
    if (thread === started) thread = undefined;
    clearTimeout(started.idle);
    for (const waiting of started.waiting.values()) waiting.reject(crash ?? new Error('certificate worker exited'));
  });
  return started;
}

/** Unreferenced while idle, so an idle thread never keeps a process (the CLI, a test) alive. */
function fallIdle(idle: Thread): void {
  idle.worker.unref();
  idle.idle = setTimeout(() => void closeCertificateThread(), IDLE_MS);
  idle.idle.unref();
}

/** The certificate's PDF, drawn on the certificate thread. */
export function drawCertificate(content: CertificateContent): Promise<Uint8Array> {
  thread ??= startThread();
  const current = thread;
  clearTimeout(current.idle);
  current.worker.ref();
  const id = nextId++;
  return new Promise((resolve, reject) => {
    current.waiting.set(id, { resolve, reject });
    current.worker.postMessage({ id, content } satisfies CertificateTask);
  });
}

/** Whether the thread is alive (drawing, or idle for less than a minute). */
export function certificateThreadRunning(): boolean {
  return thread !== undefined;
}

/**
 * Ends the thread if it is idle (a runtime's close, or a quiet minute); the next certificate starts
 * another. A busy thread goes on: other runtimes of the process (tests) may be waiting on it, and it
 * keeps the process alive only while it draws.
 */
export async function closeCertificateThread(): Promise<void> {
  const closing = thread;
  if (!closing || closing.waiting.size > 0) return;
  thread = undefined;
  clearTimeout(closing.idle);
  await closing.worker.terminate();
}
