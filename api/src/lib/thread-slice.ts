/**
 * The site's event loop first on a busy core (Linux 6.12 or later). The kernel's fair scheduler
 * (EEVDF) lets a running thread finish its slice, 1.4 ms by default, before a thread that wakes gets
 * the core; a waking thread with a shorter slice than the running one's takes it at once. So the
 * server's main thread asks for a short slice: a visitor's request then no longer waits behind the
 * process's own mail, staff or GC threads (measured on one core during an announcement's send:
 * README, "The event loop's slice"). Threads inherit their creator's slice, so the threads the server
 * starts afterwards are started with the default one (startThread).
 *
 * Node has no binding for sched_setattr: api/native/thread-slice.c does it, built by `npm run build`
 * where a C compiler is (api/native/build.mjs). Where it is not built, or the kernel refuses, nothing
 * changes: every call here is best effort and never throws.
 */
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';

/** The event loop's slice: its busy stretches are about 0.3 ms at the median (README). */
export const EVENT_LOOP_SLICE_NS = 100_000;
/** 0 asks the kernel for its default slice. */
const DEFAULT_SLICE = 0;

interface ThreadSliceAddon {
  /** The calling thread's slice in nanoseconds (0: the default); false where the kernel refused. */
  setSlice(nanoseconds: number): boolean;
}

/** The same file under vitest (the TypeScript sources) as in the server: api/dist/native. */
const ADDON_FILE = fileURLToPath(new URL('../../dist/native/thread-slice.node', import.meta.url));

let addon: ThreadSliceAddon | null | undefined;
/** Whether this thread asked for the short slice and got it: startThread then lends the default. */
let shortened = false;

function loadAddon(): ThreadSliceAddon | null {
  if (addon !== undefined) return addon;
  try {
    addon = existsSync(ADDON_FILE) ? (createRequire(import.meta.url)(ADDON_FILE) as ThreadSliceAddon) : null;
  } catch {
    addon = null; // Built for another platform or Node: the default slice stays.
  }
  return addon;
}

/** Gives the calling thread (the site's event loop) the short slice; whether the kernel took it. */
export function shortenEventLoopSlice(): boolean {
  shortened = loadAddon()?.setSlice(EVENT_LOOP_SLICE_NS) ?? false;
  return shortened;
}

/**
 * Starts a thread (a Worker's constructor creates it at once) with the kernel's default slice: the
 * event loop takes the default for the call only, and the new thread inherits that. The short slice
 * stays the event loop's own, so that it takes the core from the others: with it on every staff thread
 * too, the staff load's `GET /` p99 read 4.4× idle, against 2.5× with no short slice at all (README,
 * "The scheduler's slice"); on the event loop alone, 4.0 and 4.9 ms with it, 5.3 and 3.9 ms without.
 */
export function startThread<T>(create: () => T): T {
  if (!shortened) return create();
  const slices = addon!;
  slices.setSlice(DEFAULT_SLICE);
  try {
    return create();
  } finally {
    slices.setSlice(EVENT_LOOP_SLICE_NS);
  }
}
