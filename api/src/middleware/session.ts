/**
 * Who is calling. The token names a session (sessions table); the session and its user are read
 * together on every request, so ending a session, deactivation, deletion, a role change or a password
 * reset refuses old tokens at once.
 */
import { can, isAdminRole, type Action, type Module, type User } from '@npo/shared';
import type { Context, Middleware } from 'koa';
import type { AppDeps } from '../deps.js';
import { AppError, forbidden, unauthorized } from '../errors.js';
import { verifyAccessToken } from '../lib/tokens.js';
import { createSessionsRepository, type SessionPending } from '../modules/sessions/repository.js';
import { presentUser } from '../modules/users/presenter.js';

export const SESSION_EXPIRED = 'Your session has expired. Please log in again.';
export const TWO_FACTOR_SETUP_REQUIRED = 'Set up two-factor sign-in to continue.';

/** A session whose sign-in is not complete reaches only the routes that complete it. */
export const setupRequired = () => new AppError(403, 'two_factor_setup_required', TWO_FACTOR_SETUP_REQUIRED);

export interface SignedIn {
  user: User;
  sessionId: number;
  pending: SessionPending | null;
}

export function createSession(deps: AppDeps) {
  const sessions = createSessionsRepository(deps.db);

  async function resolveSignIn(ctx: Context): Promise<SignedIn | null> {
    const match = /^Bearer (\S+)$/i.exec(ctx.get('authorization'));
    if (!match) return null;
    const now = deps.clock.now();
    const claims = verifyAccessToken(deps.config.jwtSecret, match[1]!, now);
    if (!claims) throw unauthorized(SESSION_EXPIRED);
    const found = await sessions.findLive(claims.sessionId, now);
    if (!found || found.user.id !== claims.userId || found.user.token_version !== claims.tokenVersion) {
      throw unauthorized(SESSION_EXPIRED);
    }
    const user = presentUser(found.user);
    if (!user.isActive) throw unauthorized('This account has been deactivated.');
    // "Last seen" is a courtesy: the answer never waits on it, nor fails for it.
    sessions.touchIfStale(found.session, now).catch((error: unknown) => {
      deps.logger.warn({ err: error }, 'session last-seen time not recorded');
    });
    return { user, sessionId: found.session.id, pending: found.session.pending };
  }

  const signIns = new WeakMap<Context, Promise<SignedIn | null>>();

  /**
   * Who is calling, read once per request: the idempotency middleware asks before the route's own
   * session middleware does, and both get the one read (and the same 401 for a token that no longer holds).
   */
  function identify(ctx: Context): Promise<SignedIn | null> {
    let signedIn = signIns.get(ctx);
    if (!signedIn) {
      signedIn = resolveSignIn(ctx);
      signIns.set(ctx, signedIn);
    }
    return signedIn;
  }

  function signIn(ctx: Context, signedIn: SignedIn): void {
    ctx.state.user = signedIn.user;
    ctx.state.sessionId = signedIn.sessionId;
    ctx.state.sessionPending = signedIn.pending;
  }

  /** Any complete sign-in. */
  const requireUser: Middleware = async (ctx, next) => {
    const signedIn = await identify(ctx);
    if (!signedIn) throw unauthorized();
    if (signedIn.pending) throw setupRequired();
    signIn(ctx, signedIn);
    await next();
  };

  const requireAdmin: Middleware = async (ctx, next) => {
    const signedIn = await identify(ctx);
    if (!signedIn) throw unauthorized();
    if (!isAdminRole(signedIn.user.role)) throw forbidden('You do not have admin access.');
    if (signedIn.pending) throw setupRequired();
    signIn(ctx, signedIn);
    await next();
  };

  /**
   * A complete sign-in, or one still pending (ctx.state.sessionPending says which): only for the
   * routes that complete it (two-factor setup), reading the account and signing out.
   */
  const requireSignInStarted: Middleware = async (ctx, next) => {
    const signedIn = await identify(ctx);
    if (!signedIn) throw unauthorized();
    signIn(ctx, signedIn);
    await next();
  };

  /** Staff only, complete or pending: the account's own two-factor routes (setting it up completes a sign-in). */
  const requireStaffSignInStarted: Middleware = async (ctx, next) => {
    const signedIn = await identify(ctx);
    if (!signedIn) throw unauthorized();
    if (!isAdminRole(signedIn.user.role)) throw forbidden('You do not have admin access.');
    signIn(ctx, signedIn);
    await next();
  };

  /** Runs after requireAdmin: the one permission check of every admin route. */
  function authorize(module: Module, action: Action): Middleware {
    return async (ctx, next) => {
      if (!can(ctx.state.user as User, module, action)) {
        throw forbidden(`You don't have permission to ${action} this module.`);
      }
      await next();
    };
  }

  return { identify, requireUser, requireAdmin, requireSignInStarted, requireStaffSignInStarted, authorize };
}

export type Session = ReturnType<typeof createSession>;
