import { createServer } from 'node:http';
import { describe, expect, it, vi } from 'vitest';
import { idleRelease, memoryReducingGc, releaseMemoryWhenIdle } from './idle-memory-release.js';

/** A hand-driven interval: each tick() is one check, no clock involved. */
function manualTimer() {
  let check: (() => void) | undefined;
  const every = vi.fn((_everyMs: number, callback: () => void) => {
    check = callback;
    return () => (check = undefined);
  });
  return {
    every,
    tick: (times = 1) => {
      for (let i = 0; i < times; i += 1) check?.();
    },
    get running() {
      return check !== undefined;
    },
  };
}

/** Requests in each of `checks` consecutive checks. */
function busy(idle: { request(): void }, timer: { tick(): void }, checks: number, perCheck = 50) {
  for (let i = 0; i < checks; i += 1) {
    for (let r = 0; r < perCheck; r += 1) idle.request();
    timer.tick();
  }
}

const OPTIONS = { idleMs: 5_000, checkEveryMs: 1_000, minRequests: 100 };

describe('idle memory release', () => {
  it('releases exactly once after a busy period followed by idleMs without a request', () => {
    const timer = manualTimer();
    const release = vi.fn();
    const idle = idleRelease({ ...OPTIONS, release, every: timer.every });
    expect(timer.every).toHaveBeenCalledWith(1_000, expect.any(Function));

    busy(idle, timer, 10);
    expect(release).not.toHaveBeenCalled();
    timer.tick(4);
    expect(release).not.toHaveBeenCalled();
    timer.tick();
    expect(release).toHaveBeenCalledTimes(1);
    // Staying idle does not release again.
    timer.tick(100);
    expect(release).toHaveBeenCalledTimes(1);
  });

  it('never releases while requests keep coming, even one per check', () => {
    const timer = manualTimer();
    const release = vi.fn();
    const idle = idleRelease({ ...OPTIONS, release, every: timer.every });
    busy(idle, timer, 1_000, 1);
    expect(release).not.toHaveBeenCalled();
  });

  it('starts the quiet period again when a request comes before it ends', () => {
    const timer = manualTimer();
    const release = vi.fn();
    const idle = idleRelease({ ...OPTIONS, release, every: timer.every });
    busy(idle, timer, 5);
    timer.tick(4);
    idle.request();
    timer.tick(); // the check that sees the request
    timer.tick(4);
    expect(release).not.toHaveBeenCalled();
    timer.tick();
    expect(release).toHaveBeenCalledTimes(1);
  });

  it('releases once per quiet period, and only after minRequests new requests', () => {
    const timer = manualTimer();
    const release = vi.fn();
    const idle = idleRelease({ ...OPTIONS, release, every: timer.every });
    busy(idle, timer, 4);
    timer.tick(5);
    expect(release).toHaveBeenCalledTimes(1);

    // A health probe now and then is not a busy period.
    for (let probe = 0; probe < 20; probe += 1) {
      idle.request();
      timer.tick(10);
    }
    expect(release).toHaveBeenCalledTimes(1);

    busy(idle, timer, 4);
    timer.tick(5);
    expect(release).toHaveBeenCalledTimes(2);
  });

  it('does nothing before any request', () => {
    const timer = manualTimer();
    const release = vi.fn();
    idleRelease({ ...OPTIONS, release, every: timer.every });
    timer.tick(100);
    expect(release).not.toHaveBeenCalled();
  });

  it('stops checking when stopped', () => {
    const timer = manualTimer();
    const idle = idleRelease({ ...OPTIONS, release: vi.fn(), every: timer.every });
    expect(timer.running).toBe(true);
    idle.stop();
    expect(timer.running).toBe(false);
  });

  it('runs a memory-reducing major GC from a task of its own when node exposes gc', async () => {
    const gc = vi.fn(() => Promise.resolve());
    vi.stubGlobal('gc', gc);
    try {
      const done = new Promise<number>((resolve) => memoryReducingGc(resolve)!());
      await expect(done).resolves.toBeGreaterThanOrEqual(0);
      expect(gc).toHaveBeenCalledExactlyOnceWith({ type: 'major', execution: 'async', flavor: 'last-resort' });
    } finally {
      vi.unstubAllGlobals();
    }
  });

  it('does nothing without --expose-gc', () => {
    vi.stubGlobal('gc', undefined);
    try {
      const server = createServer();
      expect(memoryReducingGc()).toBeNull();
      expect(releaseMemoryWhenIdle(server)).toBeNull();
      expect(server.listenerCount('request')).toBe(0);
    } finally {
      vi.unstubAllGlobals();
    }
  });
});
