/** Injected time, so tests can move past token expiry and throttle windows. */
export interface Clock {
  now(): Date;
}

export const systemClock: Clock = { now: () => new Date() };
