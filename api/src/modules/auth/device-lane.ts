/**
 * The lane of known devices (issue 52 item 1). A sign-in carrying a device token of its account skips
 * the address limits and goes first in the password pool (lib/device-tokens.ts, lib/password-pool.ts):
 * unbounded, a member looping sign-ins with her own token filled the pool and refused everyone else.
 * So the lane is bounded per device and per account, and past a bound only that device is refused:
 *  - in flight: one sign-in per device and two per account at a time (in this process);
 *  - counted: a few a minute per device and per account (in the database, shared by instances).
 * Nobody else's traffic counts here, so nobody else can use these bounds to refuse a device.
 */
import type { Middleware } from 'koa';
import { tooManyRequests } from '../../errors.js';
import type { KnownDevice } from '../../lib/device-tokens.js';
import { waitText, type createRateLimiter, type LimitRule } from '../../lib/rate-limits.js';

const MINUTE = 60 * 1000;

export const KNOWN_DEVICE_LANE = {
  inFlightPerDevice: 1,
  inFlightPerAccount: 2,
  /** A sign-in with two-factor is two requests: three such sign-ins a minute from one device. */
  perDevice: { limit: 6, windowMs: MINUTE },
  perAccount: { limit: 12, windowMs: MINUTE },
} as const satisfies Record<string, number | LimitRule>;

/** Retry-After of a refusal for a sign-in of the same device still in flight. */
const IN_FLIGHT_RETRY_S = 2;

const refuse = (seconds: number) =>
  tooManyRequests(`Too many sign-ins from this device. Please try again in ${waitText(seconds)}.`, seconds);

export function createKnownDeviceLane(limits: ReturnType<typeof createRateLimiter>): Middleware {
  const inFlight = new Map<string, number>();
  const hold = (key: string) => inFlight.set(key, (inFlight.get(key) ?? 0) + 1);
  const release = (key: string) => {
    const left = (inFlight.get(key) ?? 1) - 1;
    if (left > 0) inFlight.set(key, left);
    else inFlight.delete(key);
  };

  return async (ctx, next) => {
    const known = ctx.state.knownDevice as KnownDevice | undefined;
    if (!known) {
      await next();
      return;
    }
    const device = `device:${known.deviceId}`;
    const account = `account:${known.userId}`;
    const busy =
      (inFlight.get(device) ?? 0) >= KNOWN_DEVICE_LANE.inFlightPerDevice ||
      (inFlight.get(account) ?? 0) >= KNOWN_DEVICE_LANE.inFlightPerAccount;
    if (busy) throw refuse(IN_FLIGHT_RETRY_S);
    hold(device);
    hold(account);
    try {
      await limits.limitSubject('knownDevice.perDevice', known.deviceId, KNOWN_DEVICE_LANE.perDevice, refuse);
      await limits.limitSubject('knownDevice.perAccount', String(known.userId), KNOWN_DEVICE_LANE.perAccount, refuse);
      await next();
    } finally {
      release(device);
      release(account);
    }
  };
}
