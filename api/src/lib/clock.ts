import { readFileSync } from 'node:fs';
/** Injected time, so tests can move past token expiry and throttle windows. */
export interface Clock {
  now(): Date;
}

export const systemClock: Clock = { now: () => new Date() };

/** How often fileOffsetClock reads its file again. */
const REREAD_MS = 100;

/**
 * Browser tests' server clock (TEST_CLOCK_FILE, refused in production), set by what `file` holds:
 * a number of milliseconds runs the clock that far ahead of real time, so a spec can move the
 * server's time forward by writing the file; `at <ISO instant>` stops it at that instant (the staff
 * guide's screenshots, which must come out the same on every run). Missing or unreadable: real time.
 * Read again at most every REREAD_MS.
 */
export function fileOffsetClock(file: string): Clock {
  let timeAt: (real: number) => number = (real) => real;
  let readAt = -Infinity;
  return {
    now() {
      const real = Date.now();
      if (real - readAt >= REREAD_MS) {
        readAt = real;
        timeAt = clockSetting(file);
      }
      return new Date(timeAt(real));
    },
  };
}

/** What the clock file says, as the time it gives for a real time. */
function clockSetting(file: string): (real: number) => number {
  let text: string;
  try {
    text = readFileSync(file, 'utf8').trim();
  } catch {
    return (real) => real;
  }
  const fixed = /^at\s+(\S+)$/.exec(text);
  const fixedAt = fixed ? Date.parse(fixed[1]!) : NaN;
  if (!Number.isNaN(fixedAt)) return () => fixedAt;
  const offsetMs = Number(text) || 0;
  return (real) => real + offsetMs;
}
