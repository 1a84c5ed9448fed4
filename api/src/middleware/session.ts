/** Who is calling: the bearer token read once per request, through the sessions service. */
import { API, can, isAdminRole, type Action, type Module, type User } from '@npo/shared';
import type { Context, Middleware } from 'koa';
import type { AppDeps } from '../deps.js';
import { AppError, forbidden, unauthorized } from '../errors.js';
import { clientSubject } from '../lib/rate-limits.js';
import type { SessionPending } from '../modules/sessions/repository.js';
import { createSessionService, type Caller, type SignedIn } from '../modules/sessions/service.js';

export { SESSION_EXPIRED } from '../modules/sessions/service.js';
export const TWO_FACTOR_SETUP_REQUIRED = 'Set up two-factor sign-in to continue.';

export const PASSWORD_CHANGE_REQUIRED = 'Choose a new password to continue: the one-time password works only once.';

/** A session whose sign-in is not complete reaches only the routes that complete it. */
export const setupRequired = () => new AppError(403, 'two_factor_setup_required', TWO_FACTOR_SETUP_REQUIRED);
export const passwordChangeRequired = () => new AppError(403, 'password_change_required', PASSWORD_CHANGE_REQUIRED);

/** What a pending sign-in still needs, as the answer to any other route. */
const pendingError = (pending: SessionPending) =>
  pending === 'password_change' ? passwordChangeRequired() : setupRequired();

/** The caller of a route behind one of the session middlewares below, which set these. */
export const callerOf = (ctx: Context): Caller => {
  const { user, sessionId } = ctx.state as Pick<Caller, 'user' | 'sessionId'>;
  return { user, ip: clientSubject(ctx.ip), sessionId };
};

export function createSession(deps: AppDeps) {
  const sessions = createSessionService(deps);

  async function resolveSignIn(ctx: Context): Promise<SignedIn | null> {
    const match = /^Bearer (\S+)$/i.exec(ctx.get('authorization'));
    return match ? sessions.authenticate(match[1]!) : null;
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

  /**
   * Any complete sign-in; and a first sign-in with the printed one-time password for the one route
   * that completes it, the password change.
   */
  const requireUser: Middleware = async (ctx, next) => {
    const signedIn = await identify(ctx);
    if (!signedIn) throw unauthorized();
    const completing = signedIn.pending === 'password_change' && ctx.state.operation === API.account.changePassword;
    if (signedIn.pending && !completing) throw pendingError(signedIn.pending);
    signIn(ctx, signedIn);
    await next();
  };

  const requireAdmin: Middleware = async (ctx, next) => {
    const signedIn = await identify(ctx);
    if (!signedIn) throw unauthorized();
    if (!isAdminRole(signedIn.user.role)) throw forbidden('You do not have admin access.');
    if (signedIn.pending) throw pendingError(signedIn.pending);
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
    // The one-time password is changed before anything else, two-factor setup included.
    if (signedIn.pending === 'password_change') throw passwordChangeRequired();
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
