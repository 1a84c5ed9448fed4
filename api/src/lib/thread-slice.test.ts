/**
 * The event loop's short slice (thread-slice.ts) on this machine's kernel: the addon as built by
 * `npm run build`, the slices read back from /proc. Threads inherit their creator's slice; startThread
 * starts them with the default one.
 */
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { skipWhen } from '../test-support/skips.js';
import { EVENT_LOOP_SLICE_NS, shortenEventLoopSlice, startThread } from './thread-slice.js';

const ADDON = new URL('../../dist/native/thread-slice.node', import.meta.url);
/** This thread's slice in nanoseconds, or undefined where the kernel has none to show (before 6.6). */
function ownSlice(): number | undefined {
  const line = readFileSync('/proc/thread-self/sched', 'utf8')
    .split('\n')
    .find((row) => row.startsWith('se.slice'));
  return line === undefined ? undefined : Number(line.split(':')[1]);
}

const cannotRun =
  process.platform !== 'linux'
    ? `the slice is Linux's (this is ${process.platform})`
    : !existsSync(ADDON)
      ? 'api/dist/native/thread-slice.node is not built (npm run build, with a C compiler)'
      : ownSlice() === undefined && 'this kernel shows no slice in /proc (EEVDF came with Linux 6.6)';
const defaultSlice = cannotRun ? 0 : ownSlice()!;

/** A thread's own slice, read by the thread itself. */
function sliceOfThread(start: (create: () => Worker) => Worker): Promise<number> {
  const source = `const { parentPort } = require('node:worker_threads');
    const row = require('node:fs').readFileSync('/proc/thread-self/sched', 'utf8').split('\\n').find((r) => r.startsWith('se.slice'));
    parentPort.postMessage(Number(row.split(':')[1]));`;
  const worker = start(() => new Worker(source, { eval: true }));
  return new Promise((resolve, reject) => {
    worker.once('message', (slice: number) => void worker.terminate().then(() => resolve(slice)));
    worker.once('error', reject);
  });
}

describe('the event loop’s slice', { ...skipWhen(cannotRun) }, () => {
  afterAll(() => {
    // Back to the default for the test runner's thread.
    (createRequire(import.meta.url)(fileURLToPath(ADDON)) as { setSlice(ns: number): boolean }).setSlice(0);
  });

  it('is shortened on the calling thread, and the kernel reports it', () => {
    expect(defaultSlice).toBeGreaterThan(EVENT_LOOP_SLICE_NS);
    expect(shortenEventLoopSlice()).toBe(true);
    expect(ownSlice()).toBe(EVENT_LOOP_SLICE_NS);
  });

  it('is not passed on to a thread started through startThread, and stays the event loop’s', async () => {
    shortenEventLoopSlice();
    expect(await sliceOfThread(startThread)).toBe(defaultSlice);
    expect(ownSlice()).toBe(EVENT_LOOP_SLICE_NS);
    // What startThread is for: a thread started without it takes the event loop's slice.
    expect(await sliceOfThread((create) => create())).toBe(EVENT_LOOP_SLICE_NS);
  });
});
