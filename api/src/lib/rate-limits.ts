/**
 * Per-IP and global request limits of sign-in, sign-up, forgot-password and the contact form, counted
 * in the database so that every instance on it shares them. Fixed windows: one counter row per rule,
 * subject and window, raised by one atomic upsert per request.
 */
import { isIP } from 'node:net';
import type { Middleware } from 'koa';
import type { Db } from '../db/connection.js';
import type { AppDeps } from '../deps.js';
import { AppError, serviceUnavailable, tooManyRequests } from '../errors.js';

const MINUTE = 60 * 1000;
const HOUR = 60 * MINUTE;

export interface LimitRule {
  limit: number;
  windowMs: number;
}

/**
 * Per IP the limits leave room for everyone behind one shared address (a family, an office, a
 * conference Wi-Fi) typing and retyping, while a script from one address is stopped within seconds.
 *
 * No limit refuses people for a stranger's traffic (issue 52 item 5): a site-wide counter is a lever.
 * The password change and the account closing (which check the current password) count per address
 * and per account (`perAccount`, the signed-in caller's own), so one member's wrong tries from many
 * addresses stop only that member. Sign-up counts per address and IPv6 network only: its 600 an hour
 * for the site refused everyone once a stranger had used them. The contact form's global count
 * refuses nobody: past it, messages are held as possible spam (holdPastGlobal).
 *
 * Sign-in and forgot-password have no global limit (issue 19): a site-wide counter is a lever with
 * which a stranger refuses everyone. Sign-in's costly work is shed by the bounded password pool
 * instead, where known devices go first (password-pool.ts); its other bounds are per account
 * (LOGIN_THROTTLE in @npo/shared, and two-factor's per-account lock). Forgot-password is bounded per
 * address here and per account by the reset mails (RESET_MAILS_PER_HOUR). A sign-in from a known
 * device (device-tokens.ts) skips the limits of this file altogether.
 */
export const RATE_LIMITS = {
  login: {
    noun: 'sign-in attempts',
    perIp: { limit: 30, windowMs: MINUTE },
  },
  register: {
    noun: 'sign-ups',
    perIp: { limit: 20, windowMs: HOUR },
  },
  forgotPassword: {
    noun: 'password reset requests',
    perIp: { limit: 10, windowMs: 15 * MINUTE },
  },
  // A stolen session must not become a way to guess the account's password (POST /api/account/password,
  // and POST /api/account/close, which checks it too).
  changePassword: {
    noun: 'password change attempts',
    perIp: { limit: 10, windowMs: 15 * MINUTE },
    perAccount: { limit: 10, windowMs: 15 * MINUTE },
  },
  // The public check of a certificate code (issue 58): a person checks a few; a script guessing is stopped.
  verifyCertificate: {
    noun: 'certificate checks',
    perIp: { limit: 30, windowMs: MINUTE },
  },
  contact: {
    noun: 'messages',
    perIp: { limit: 10, windowMs: 10 * MINUTE },
    global: { limit: 200, windowMs: HOUR },
  },
  // "Contact this professional" (issue 57): the contact form's limits, counted apart, so a visitor who
  // wrote to the organisation can still write to a member (and the other way round).
  directoryContact: {
    noun: 'messages',
    perIp: { limit: 10, windowMs: 10 * MINUTE },
    global: { limit: 200, windowMs: HOUR },
  },
} as const satisfies Record<string, { noun: string; perIp: LimitRule; perAccount?: LimitRule; global?: LimitRule }>;

export type LimitedAction = keyof typeof RATE_LIMITS;
type Scope = 'perIp' | 'perNetwork' | 'perAccount' | 'global';

/**
 * An IPv6 /56 (a site's usual allocation) holds 256 /64s: one attacker with one would have 256 times
 * the per-address limit. It is counted as well, with room for this many busy /64s in it.
 */
export const NETWORK_FACTOR = 8;

/** Expired counters are deleted at most this often per instance. */
const PRUNE_EVERY_MS = MINUTE;
/** Bound on the in-memory list of subjects known to be over a limit. */
const MAX_REMEMBERED = 10_000;

/**
 * The subject a per-IP limit counts: IPv4 as is, IPv6 by its /64 (one household or server gets a
 * whole /64, so single addresses would be free to rotate), anything unparsable in one shared bucket.
 */
export function clientSubject(ip: string): string {
  const address = ip.startsWith('::ffff:') && isIP(ip.slice(7)) === 4 ? ip.slice(7) : ip;
  const version = isIP(address);
  if (version === 4) return address;
  if (version !== 6) return 'unknown';
  const [head = '', tail = ''] = address.toLowerCase().split('::');
  const headGroups = head ? head.split(':') : [];
  const tailGroups = address.includes('::') && tail ? tail.split(':') : [];
  const zeros = Array<string>(8 - headGroups.length - tailGroups.length).fill('0');
  const groups = address.includes('::') ? [...headGroups, ...zeros, ...tailGroups] : headGroups;
  return `${groups
    .slice(0, 4)
    .map((group) => group.replace(/^0+(?=.)/, ''))
    .join(':')}::/64`;
}

/** The IPv6 /56 an address (as clientSubject counts it) belongs to; null for IPv4 and the rest. */
export function networkSubject(subject: string): string | null {
  if (!subject.endsWith('::/64')) return null;
  const groups = subject.slice(0, -5).split(':');
  const fourth = Number.parseInt(groups[3] ?? '0', 16) & 0xff00;
  return `${groups.slice(0, 3).join(':')}:${fourth.toString(16)}::/56`;
}

/** "in 45 seconds", "in 12 minutes": rounded up, never 0. */
export function waitText(seconds: number): string {
  const [count, unit] = seconds < 90 ? [Math.ceil(seconds), 'second'] : [Math.ceil(seconds / 60), 'minute'];
  const whole = Math.max(1, count);
  return `${whole} ${unit}${whole === 1 ? '' : 's'}`;
}

function refusal(action: LimitedAction, scope: Scope, seconds: number) {
  const { noun } = RATE_LIMITS[action];
  const where = { global: 'on the site right now', perAccount: 'on your account', perIp: 'from your network' }[
    scope === 'perNetwork' ? 'perIp' : scope
  ];
  return tooManyRequests(`Too many ${noun} ${where}. Please try again in ${waitText(seconds)}.`, seconds);
}

interface Window {
  start: number;
  end: number;
}

function windowOf(rule: LimitRule, now: number): Window {
  const start = now - (now % rule.windowMs);
  return { start, end: start + rule.windowMs };
}

function createCounterStore(db: Db) {
  return {
    /** Adds one hit and answers the window's total, in one statement, so instances never lose a hit. */
    async hit(rule: string, subject: string, window: Window): Promise<number> {
      const [row] = await db('rate_limits')
        .insert({ rule, subject, window_start: window.start, hits: 1, expires_at: window.end })
        .onConflict(['rule', 'subject', 'window_start'])
        .merge({ hits: db.raw('rate_limits.hits + 1') })
        .returning('hits');
      return Number((row as { hits: unknown }).hits);
    },
    prune: (now: number) => db('rate_limits').where('expires_at', '<=', now).delete(),
  };
}

export function createRateLimiter(deps: AppDeps) {
  const store = createCounterStore(deps.db);
  // Subjects already over a limit are refused without a database write until their window ends.
  const blockedUntil = new Map<string, number>();
  let nextPruneAt = 0;

  /**
   * A database that refuses the counter (a full disk) refuses the request (issue 19): a limit that
   * cannot count must not wave a flood through, and the answer is the same 503 for everyone, so a
   * right password cannot be told from a wrong one. Known devices do not pass here (routes.ts).
   */
  async function count(key: string, subject: string, now: number, window: Window): Promise<number> {
    try {
      if (now >= nextPruneAt) {
        nextPruneAt = now + PRUNE_EVERY_MS;
        await store.prune(now);
      }
      return await store.hit(key, subject, window);
    } catch (error) {
      deps.logger.warn({ err: error, rule: key }, 'request refused: the database refused the rate limit counter');
      throw serviceUnavailable(true);
    }
  }

  /** Refuses at once when this subject is already known to be over the limit. */
  function refuseIfBlocked(action: LimitedAction, scope: Scope, subject: string, now: number): void {
    const until = blockedUntil.get(`${action}.${scope} ${subject}`) ?? 0;
    if (until > now) throw refusal(action, scope, (until - now) / 1000);
  }

  async function check(action: LimitedAction, scope: Scope, subject: string, now: number): Promise<void> {
    const rules = RATE_LIMITS[action] as { perIp: LimitRule; perAccount?: LimitRule; global?: LimitRule };
    const rule: LimitRule | undefined =
      scope === 'perNetwork' ? { ...rules.perIp, limit: rules.perIp.limit * NETWORK_FACTOR } : rules[scope];
    if (!rule) return;
    refuseIfBlocked(action, scope, subject, now);
    const window = windowOf(rule, now);
    const key = `${action}.${scope}`;
    if ((await count(key, subject, now, window)) <= rule.limit * deps.config.rateLimitFactor) return;
    remember(`${key} ${subject}`, window.end);
    refuseIfBlocked(action, scope, subject, now);
  }

  function remember(key: string, until: number): void {
    if (blockedUntil.size >= MAX_REMEMBERED) blockedUntil.clear();
    blockedUntil.set(key, until);
  }

  return {
    /**
     * Counts one for `subject` under `key` (an account, a device) against `rule`; past it the request is
     * refused with `refuse(seconds to wait)`, without a database write until the window ends.
     */
    async limitSubject(
      key: string,
      subject: string,
      rule: LimitRule,
      refuse: (seconds: number) => AppError,
    ): Promise<void> {
      const now = deps.clock.now().getTime();
      const blocked = `${key} ${subject}`;
      const until = blockedUntil.get(blocked) ?? 0;
      if (until > now) throw refuse((until - now) / 1000);
      const window = windowOf(rule, now);
      if ((await count(key, subject, now, window)) <= rule.limit * deps.config.rateLimitFactor) return;
      remember(blocked, window.end);
      throw refuse((window.end - now) / 1000);
    },

    /**
     * Counts the request against its address's limit, then (if that allowed it) the global one. A
     * sign-in from a known device (ctx.state.knownDevice, set before this runs) is not counted here.
     * `holdPastGlobal`: past the global limit the request is not refused but goes on with
     * ctx.state.pastSiteRate set (the contact form holds it as possible spam, issue 19).
     */
    limit(action: LimitedAction, options: { holdPastGlobal?: boolean } = {}): Middleware {
      return async (ctx, next) => {
        if (ctx.state.knownDevice) {
          await next();
          return;
        }
        const now = deps.clock.now().getTime();
        const global = async () => {
          // Once the site is over its global limit a flood is refused without writing anything.
          refuseIfBlocked(action, 'global', '*', now);
          await check(action, 'global', '*', now);
        };
        const subject = clientSubject(ctx.ip);
        await check(action, 'perIp', subject, now);
        const network = networkSubject(subject);
        if (network) await check(action, 'perNetwork', network, now);
        // The signed-in caller's own account (routes behind a session), whatever the address.
        const account = (ctx.state.user as { id?: number } | undefined)?.id;
        if (account !== undefined) await check(action, 'perAccount', `account:${account}`, now);
        try {
          await global();
        } catch (error) {
          if (!options.holdPastGlobal || !(error instanceof AppError) || error.status !== 429) throw error;
          ctx.state.pastSiteRate = true;
        }
        await next();
      };
    },

    /**
     * Records `subject` under `rule` until `expiresAt` and answers whether it was the first time: a
     * proof-of-work solution is spent once, on every instance. Fails closed, like the counters.
     */
    async spendOnce(rule: string, subject: string, expiresAt: number): Promise<boolean> {
      return (await count(rule, subject, deps.clock.now().getTime(), { start: 0, end: expiresAt })) === 1;
    },

    /** Counts one in this window of `rule` and answers the count: 1 for the first (one mail an hour). */
    countInWindow: (rule: string, windowMs: number) => {
      const now = deps.clock.now().getTime();
      return store.hit(rule, '*', windowOf({ limit: 0, windowMs }, now));
    },
  };
}
