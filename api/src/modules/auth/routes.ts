import { API, AUDIT_AUTH_MODULE } from '@npo/shared';
import type { Context, Middleware } from 'koa';
import { deviceSubject, verifyDeviceToken, type KnownDevice } from '../../lib/device-tokens.js';
import { clientSubject, createRateLimiter } from '../../lib/rate-limits.js';
import { created, ok } from '../../lib/respond.js';
import { recordAudit } from '../audit/record.js';
import type { ModuleContext } from '../context.js';
import { createSessionService, deviceOf } from '../sessions/service.js';
import { verifyChallenge } from '../two-factor/challenge.js';
import type { UserRow } from '../users/presenter.js';
import { createUsersRepository } from '../users/repository.js';
import { createKnownDeviceLane } from './device-lane.js';
import {
  createAuthService,
  FORGOT_PASSWORD_MESSAGE,
  INVITATION_ACCEPTED_MESSAGE,
  RESET_SUCCESS_MESSAGE,
} from './service.js';

/** The validated body of a sign-in route, read by middleware typed as plain Koa middleware. */
const bodyOf = (ctx: Context): unknown => (ctx.state as { input: { body: unknown } }).input.body;

/** Whom the lockout counts: a known device by itself, anyone else by their address. */
function attemptSubject(ctx: Context): string {
  const known = ctx.state.knownDevice as KnownDevice | undefined;
  return known ? deviceSubject(known) : clientSubject(ctx.ip);
}

export function registerAuth({ deps, route }: ModuleContext): void {
  const auth = createAuthService(deps);
  const limits = createRateLimiter(deps);
  const sessions = createSessionService(deps);
  const users = createUsersRepository(deps.db);

  /**
   * Sets ctx.state.knownDevice when the body carries a valid device token of the account signing in
   * (the rate limiter then lets it through). A token of another account is ignored: it must not open
   * the per-address limits to someone guessing passwords of others. Nor is a revoked one (of an older
   * device generation: a password change, "end other sessions", the account closed since).
   */
  const recognizeDevice =
    (accountOf: (ctx: Context) => Promise<UserRow | undefined>): Middleware =>
    async (ctx, next) => {
      const { deviceToken } = bodyOf(ctx) as { deviceToken?: string };
      const known = deviceToken ? verifyDeviceToken(deps.config.jwtSecret, deviceToken, deps.clock.now()) : null;
      const account = known ? await accountOf(ctx) : undefined;
      if (known && account?.id === known.userId && account.device_generation === known.generation) {
        ctx.state.knownDevice = known;
      }
      await next();
    };
  const passwordAccount = recognizeDevice((ctx) => users.findByEmail((bodyOf(ctx) as { email: string }).email));
  const challengeAccount = recognizeDevice(async (ctx) => {
    const { challenge } = bodyOf(ctx) as { challenge: string };
    const claims = verifyChallenge(deps.config.jwtSecret, challenge, deps.clock.now());
    return claims ? users.findById(claims.userId) : undefined;
  });
  // Known devices skip the address limits: their own lane bounds them per device and account.
  const deviceLane = createKnownDeviceLane(limits);

  route(
    API.auth.register,
    async (ctx) => {
      const user = await auth.register(ctx.state.input.body);
      created(ctx, { user, id: user.id }, 'Registration successful! Please log in.');
    },
    { before: [limits.limit('register')] },
  );

  route(
    API.auth.login,
    async (ctx) => {
      ok(ctx, await auth.login(ctx.state.input.body, attemptSubject(ctx), deviceOf(ctx), ctx.state.knownDevice));
    },
    { before: [passwordAccount, deviceLane, limits.limit('login')] },
  );

  // The second step of a staff sign-in with two-factor: the challenge of the first with a code.
  route(
    API.auth.loginTwoFactor,
    async (ctx) => {
      const { input, knownDevice } = ctx.state;
      ok(ctx, await auth.loginTwoFactor(input.body, attemptSubject(ctx), deviceOf(ctx), knownDevice));
    },
    { before: [challengeAccount, deviceLane, limits.limit('login')] },
  );

  // A pending sign-in (two-factor to set up) may read its account and sign out, nothing more.
  route(API.auth.me, (ctx) => {
    ctx.set('Cache-Control', 'private, no-store');
    ok(ctx, { user: ctx.state.user });
  });

  route(API.auth.logout, async (ctx) => {
    await sessions.end(ctx.state.user.id, ctx.state.sessionId);
    await recordAudit(deps.db, { action: 'sign_out', module: AUDIT_AUTH_MODULE, entityId: ctx.state.user.id });
    ok(ctx, null, { message: 'Logged out' });
  });

  route(
    API.auth.forgotPassword,
    async (ctx) => {
      await auth.forgotPassword(ctx.state.input.body.email);
      ok(ctx, { message: FORGOT_PASSWORD_MESSAGE }, { message: FORGOT_PASSWORD_MESSAGE });
    },
    { before: [limits.limit('forgotPassword')] },
  );

  route(API.auth.checkResetToken, async (ctx) => {
    ctx.set('Cache-Control', 'no-store');
    ok(ctx, await auth.checkResetToken(ctx.state.input.params.token));
  });

  route(API.auth.resetPassword, async (ctx) => {
    const purpose = await auth.resetPassword(ctx.state.input.params.token, ctx.state.input.body.password);
    const message = purpose === 'invitation' ? INVITATION_ACCEPTED_MESSAGE : RESET_SUCCESS_MESSAGE;
    ok(ctx, { message }, { message });
  });
}
