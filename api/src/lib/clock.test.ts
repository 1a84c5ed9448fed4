/** The browser tests' file clock: real time plus the offset the file holds, or the instant it fixes; re-read as it changes. */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fileOffsetClock } from './clock.js';

describe('fileOffsetClock', () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'npo-clock-'));
  const file = path.join(dir, 'offset');
  afterEach(() => {
    vi.useRealTimers();
  });

  it('runs ahead by the milliseconds in the file, and follows a change once it reads the file again', () => {
    vi.useFakeTimers({ now: new Date('2030-01-01T00:00:00.000Z') });
    writeFileSync(file, '60000');
    const clock = fileOffsetClock(file);
    expect(clock.now().toISOString()).toBe('2030-01-01T00:01:00.000Z');
    writeFileSync(file, '120000');
    vi.advanceTimersByTime(100);
    expect(clock.now().toISOString()).toBe('2030-01-01T00:02:00.100Z');
  });

  it('stands still at the instant an "at" line names, and runs again once the file holds an offset', () => {
    vi.useFakeTimers({ now: new Date('2030-01-01T00:00:00.000Z') });
    writeFileSync(file, 'at 2026-03-02T09:30:00.000Z');
    const clock = fileOffsetClock(file);
    expect(clock.now().toISOString()).toBe('2026-03-02T09:30:00.000Z');
    vi.advanceTimersByTime(5_000);
    expect(clock.now().toISOString()).toBe('2026-03-02T09:30:00.000Z');
    writeFileSync(file, '0');
    vi.advanceTimersByTime(100);
    expect(clock.now().toISOString()).toBe('2030-01-01T00:00:05.100Z');
  });

  it('is real time while the file is missing or unreadable', () => {
    vi.useFakeTimers({ now: new Date('2030-01-01T00:00:00.000Z') });
    expect(fileOffsetClock(path.join(dir, 'missing')).now().toISOString()).toBe('2030-01-01T00:00:00.000Z');
    writeFileSync(file, 'soon');
    expect(fileOffsetClock(file).now().toISOString()).toBe('2030-01-01T00:00:00.000Z');
    rmSync(dir, { recursive: true, force: true });
  });
});
