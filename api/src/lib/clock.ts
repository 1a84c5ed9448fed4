import { readFileSync } from 'node:fs';
/** Injected time, so tests can move past token expiry and throttle windows. */
export interface Clock {
  now(): Date;
}

export const systemClock: Clock = { now: () => new Date() };

/** How often fileOffsetClock reads its file again. */
const REREAD_MS = 100;

/**
 * Browser tests' server clock (TEST_CLOCK_FILE, refused in production): real time plus the
 * milliseconds written in `file` (0 while it is missing or unreadable), so a spec can move the
 * server's time forward by writing the file. Read again at most every REREAD_MS.
 */
export function fileOffsetClock(file: string): Clock {
  let offsetMs = 0;
  let readAt = -Infinity;
  return {
    now() {
      const real = Date.now();
      if (real - readAt >= REREAD_MS) {
        readAt = real;
        try {
          offsetMs = Number(readFileSync(file, 'utf8').trim()) || 0;
        } catch {
          offsetMs = 0;
        }
      }
      return new Date(real + offsetMs);
    },
  };
}
