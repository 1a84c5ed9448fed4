/**
 * Exactly-once writes (issue 18): a write (POST, PUT, PATCH, DELETE under /api) sent with an
 * `Idempotency-Key` header runs once per caller and key. The first request inserts a claim row
 * (modules/idempotency/repository.ts), runs, and stores the status and JSON body it answered; a repeat
 * within IDEMPOTENCY_RETENTION_MS gets that answer again, with `Idempotent-Replayed: true`, and the
 * route does not run: no second row, audit entry or mail.
 *
 * - The caller is the signed-in account, or "anonymous" (one scope for every caller without a valid
 *   session: the public forms). Keys of one account never meet another's.
 * - The same key with another method, path (with query) or body is refused with 422. The request is
 *   compared by an HMAC of those, so the table holds no password a body carried, not even hashed.
 * - A repeat while the first still runs waits up to CONCURRENT_WAIT_MS for its answer, then gets 409
 *   (Retry-After). The database's primary key decides who holds a claim, so this holds across
 *   instances on one database. A claim left unanswered for CLAIM_LEASE_MS (its instance stopped
 *   mid-request) is taken over by the next repeat.
 * - Only successes are stored (issue 52 item 6: 3,000 invalid messages, each with a fresh key,
 *   stored 3,000 answers). A request that failed, with any 4xx or 5xx, releases its claim: a retry
 *   with the same key runs again, and is refused again. No failure of this API changes anything.
 *   Rate limits (in the routes) refuse before the route writes, so nothing is stored past them.
 * - Anonymous callers' keyed writes count per address (ANONYMOUS_KEYS_PER_HOUR): past it they are
 *   refused, so one client cannot fill the table with the public forms' successes either.
 * - Routes marked notIdempotent ignore the header: sign-in, its second step and the two-factor routes
 *   answer tokens, secrets or recovery codes that must not be kept in a table, and running them twice
 *   has no effect a client would regret (one more session, a newer secret or set of codes).
 * - A request without the header costs nothing here: no read of the table.
 */
import { createHmac, randomBytes } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import type Router from '@koa/router';
import type { Context, Middleware } from 'koa';
import type { AppDeps } from '../deps.js';
import {
  AppError,
  tooManyRequests,
  idempotencyKeyInUse,
  idempotencyKeyReused,
  invalidIdempotencyKey,
} from '../errors.js';
import {
  ANONYMOUS,
  createdAtOf,
  createIdempotencyRepository,
  storedAnswerOf,
  type Claim,
  type StoredAnswer,
} from '../modules/idempotency/repository.js';
import { clientSubject, createRateLimiter, waitText } from '../lib/rate-limits.js';
import { answerError } from './error-handler.js';
import type { Session } from './session.js';

export const IDEMPOTENCY_HEADER = 'Idempotency-Key';
export const REPLAYED_HEADER = 'Idempotent-Replayed';

const HOUR_MS = 60 * 60 * 1000;
/** How long an answer is remembered: a repeat after that runs as a new request. */
export const IDEMPOTENCY_RETENTION_MS = 24 * HOUR_MS;
/** Far beyond any request of this API (the longest waits on a mail server): older claims are orphans. */
export const CLAIM_LEASE_MS = 2 * 60 * 1000;
/** How long a repeat waits for the first request's answer before it is told 409. */
export const CONCURRENT_WAIT_MS = 5000;
/** Rows past retention are deleted at most this often per instance. */
const PRUNE_EVERY_MS = 60 * 1000;

/** 1 to 255 printable ASCII characters, the first not a space (Node trims the header's ends). */
const VALID_KEY = /^[\x21-\x7e][\x20-\x7e]{0,254}$/;
export const IDEMPOTENCY_KEY_PATTERN = VALID_KEY.source;

const WRITE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
/** Keyed writes of callers without a session, per address and hour (the public forms' own limits are lower). */
export const ANONYMOUS_KEYS_PER_HOUR = 60;
const ANONYMOUS_KEYS = { limit: ANONYMOUS_KEYS_PER_HOUR, windowMs: HOUR_MS };
const anonymousRefusal = (seconds: number) =>
  tooManyRequests(
    `Too many requests with an Idempotency-Key from your network. Please try again in ${waitText(seconds)}.`,
    seconds,
  );
/** Headers of the first answer that a repeat gets too. */
const KEPT_HEADERS = ['etag'];

/** Put in a route's middleware: the route ignores Idempotency-Key (see above). Found by identity. */
export const notIdempotent: Middleware = (_ctx, next) => next();

/** Whether a router layer's write honours the header (its table entry did not say `idempotent: false`). */
export function honoursIdempotencyKey(stack: readonly unknown[]): boolean {
  return !stack.includes(notIdempotent);
}

/** JSON with every object's keys sorted: the same body, however its client ordered or spaced it. */
export function canonicalJson(value: unknown): string {
  if (value === undefined) return '';
  return JSON.stringify(value, (_key, item: unknown) =>
    item && typeof item === 'object' && !Array.isArray(item)
      ? Object.fromEntries(Object.entries(item).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)))
      : item,
  );
}

function isJsonBody(body: unknown): boolean {
  if (body === null || typeof body !== 'object') return false;
  return !Buffer.isBuffer(body) && typeof (body as { pipe?: unknown }).pipe !== 'function';
}

function keptHeaders(ctx: Context): Record<string, string> {
  const kept: Record<string, string> = {};
  for (const name of KEPT_HEADERS) {
    const value = ctx.response.get(name);
    if (value) kept[name] = value;
  }
  return kept;
}

function replay(ctx: Context, answer: StoredAnswer): void {
  ctx.state.idempotentReplay = true;
  ctx.set(answer.headers);
  ctx.set(REPLAYED_HEADER, 'true');
  ctx.body = answer.body;
  ctx.status = answer.status;
}

/**
 * Goes after the body parser (the body is part of what a key stands for) and before the routes. The
 * session middleware runs inside each route, so the caller is read here through session.identify,
 * which the route's own check then reuses: one read of the session per request.
 */
export function createIdempotency(deps: AppDeps, session: Session, router: Router): Middleware {
  const keys = createIdempotencyRepository(deps.db);
  const limits = createRateLimiter(deps);
  const hmacKey = createHmac('sha256', deps.config.jwtSecret).update('idempotency request hash').digest();
  let nextPruneAt = 0;

  /** The route pattern, when the request names a route that honours the header: a 404 or 405 claims nothing. */
  function honouringRoute(ctx: Context): string | undefined {
    const route = router.match(ctx.path, ctx.method).pathAndMethod.find((layer) => layer.methods.length > 0);
    return route && honoursIdempotencyKey(route.stack) ? String(route.path) : undefined;
  }

  function requestHash(ctx: Context): string {
    const target = `${ctx.method} ${ctx.path}?${ctx.querystring}`;
    return createHmac('sha256', hmacKey)
      .update(`${target}\n${canonicalJson(ctx.request.body)}`)
      .digest('hex');
  }

  async function callerOf(ctx: Context): Promise<number> {
    try {
      return (await session.identify(ctx))?.user.id ?? ANONYMOUS;
    } catch (error) {
      // A token that no longer holds: a route that needs it answers 401 (not stored), one that does not is public.
      if (error instanceof AppError) return ANONYMOUS;
      throw error;
    }
  }

  async function pruneNowAndThen(now: number): Promise<void> {
    if (now < nextPruneAt) return;
    nextPruneAt = now + PRUNE_EVERY_MS;
    try {
      await keys.prune(now - IDEMPOTENCY_RETENTION_MS);
    } catch (error) {
      deps.logger.warn({ err: error }, 'idempotency: old keys not pruned (retried in a minute)');
    }
  }

  /** Holds the key for this request (null), or answers what a repeat gets. Throws the 409 and the 422. */
  async function acquire(claim: Claim, hash: string): Promise<StoredAnswer | null> {
    const startedAt = performance.now();
    const clockStartedAt = deps.clock.now().getTime();
    let pause = 20;
    for (;;) {
      const now = deps.clock.now().getTime();
      if (await keys.claim(claim, hash, now)) return null;
      const row = await keys.find(claim.userId, claim.key);
      if (row && createdAtOf(row) < now - IDEMPOTENCY_RETENTION_MS) {
        // Past retention, not pruned yet: as if it were gone.
        await keys.removeExpired(row);
        continue;
      }
      if (row && row.request_hash !== hash) throw idempotencyKeyReused();
      const answer = row && storedAnswerOf(row);
      if (answer) return answer;
      if (row && createdAtOf(row) < now - CLAIM_LEASE_MS && (await keys.takeOver(row, claim, now))) {
        deps.logger.warn({ userId: claim.userId }, 'idempotency: a claim left unanswered was taken over');
        return null;
      }
      // Still running elsewhere (or released a moment ago: then the next claim wins).
      const waited = Math.max(performance.now() - startedAt, now - clockStartedAt);
      if (waited >= CONCURRENT_WAIT_MS) throw idempotencyKeyInUse();
      if (row) {
        await sleep(pause);
        pause = Math.min(pause * 2, 200);
      }
    }
  }

  /** Stores the answer, or releases the claim when a retry should run again. */
  async function settle(ctx: Context, claim: Claim): Promise<void> {
    const status = ctx.status;
    try {
      if (status >= 400) {
        await keys.release(claim);
        return;
      }
      const body = isJsonBody(ctx.body) ? ctx.body : null;
      await keys.complete(claim, { status, body, headers: keptHeaders(ctx) });
    } catch (error) {
      // The answer still goes out; a repeat waits, then gets 409, until the lease ends.
      deps.logger.error({ err: error, requestId: ctx.state.requestId }, 'idempotency: answer not recorded');
    }
  }

  return async (ctx, next) => {
    const key = ctx.headers['idempotency-key'];
    if (key === undefined || !WRITE_METHODS.has(ctx.method)) {
      await next();
      return;
    }
    const route = honouringRoute(ctx);
    if (route === undefined) {
      await next();
      return;
    }
    if (typeof key !== 'string' || !VALID_KEY.test(key)) throw invalidIdempotencyKey();
    const claim: Claim = { userId: await callerOf(ctx), key, claim: randomBytes(16).toString('hex') };
    if (claim.userId === ANONYMOUS) {
      await limits.limitSubject('idempotency.anonymous', clientSubject(ctx.ip), ANONYMOUS_KEYS, anonymousRefusal);
    }
    const hash = requestHash(ctx);
    await pruneNowAndThen(deps.clock.now().getTime());
    const stored = await acquire(claim, hash);
    if (stored) {
      // The router does not run: the request's log line and metrics name the route all the same.
      (ctx as { _matchedRoute?: string })._matchedRoute = route;
      replay(ctx, stored);
      return;
    }
    try {
      await next();
    } catch (error) {
      // The answer, not the error, is what a repeat must get: made here as the error handler makes it.
      answerError(ctx, error, deps.logger);
    }
    await settle(ctx, claim);
  };
}
