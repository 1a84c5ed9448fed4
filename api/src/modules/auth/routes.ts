import Router from '@koa/router';
import {
  AUDIT_AUTH_MODULE,
  forgotPasswordSchema,
  memberLoginSchema,
  resetPasswordBodySchema,
  signupSchema,
  twoFactorLoginSchema,
} from '@npo/shared';
import type { Context, Middleware } from 'koa';
import { z } from 'zod';
import type { AppDeps } from '../../deps.js';
import { deviceSubject, verifyDeviceToken, type KnownDevice } from '../../lib/device-tokens.js';
import { clientSubject, createRateLimiter } from '../../lib/rate-limits.js';
import { created, ok } from '../../lib/respond.js';
import { notIdempotent } from '../../middleware/idempotency.js';
import type { Session } from '../../middleware/session.js';
import { validate } from '../../middleware/validate.js';
import { recordAudit } from '../audit/record.js';
import { createSessionService, deviceOf } from '../sessions/service.js';
import { verifyChallenge } from '../two-factor/challenge.js';
import { createUsersRepository } from '../users/repository.js';
import { createAuthService, FORGOT_PASSWORD_MESSAGE, RESET_SUCCESS_MESSAGE } from './service.js';

const tokenParams = z.object({ token: z.string().min(1).max(200) });

/** Whom the lockout counts: a known device by itself, anyone else by their address. */
function attemptSubject(ctx: Context): string {
  const known = ctx.state.knownDevice as KnownDevice | undefined;
  return known ? deviceSubject(known) : clientSubject(ctx.ip);
}

export function authRoutes(router: Router, deps: AppDeps, session: Session): void {
  const auth = createAuthService(deps);
  const limits = createRateLimiter(deps);
  const sessions = createSessionService(deps);
  const users = createUsersRepository(deps.db);

  /**
   * Sets ctx.state.knownDevice when the body carries a valid device token of the account signing in
   * (the rate limiter then lets it through). A token of another account is ignored: it must not open
   * the per-address limits to someone guessing passwords of others.
   */
  const recognizeDevice =
    (accountOf: (ctx: Context) => Promise<number | undefined> | number | undefined): Middleware =>
    async (ctx, next) => {
      const { deviceToken } = ctx.state.input.body as { deviceToken?: string };
      const known = deviceToken ? verifyDeviceToken(deps.config.jwtSecret, deviceToken, deps.clock.now()) : null;
      if (known && known.userId === (await accountOf(ctx))) ctx.state.knownDevice = known;
      await next();
    };
  const passwordAccount = recognizeDevice(
    async (ctx) => (await users.findByEmail((ctx.state.input.body as { email: string }).email))?.id,
  );
  const challengeAccount = recognizeDevice(
    (ctx) =>
      verifyChallenge(
        deps.config.jwtSecret,
        (ctx.state.input.body as { challenge: string }).challenge,
        deps.clock.now(),
      )?.userId,
  );

  router.post('/api/auth/register', validate({ body: signupSchema }), limits.limit('register'), async (ctx) => {
    const user = await auth.register(ctx.state.input.body);
    created(ctx, { user, id: user.id }, 'Registration successful! Please log in.');
  });

  // Sign-in ignores Idempotency-Key: its answer is a bearer token, not for keeping in a table, and a
  // second sign-in only starts a second session.
  router.post(
    '/api/auth/login',
    notIdempotent,
    validate({ body: memberLoginSchema }),
    passwordAccount,
    limits.limit('login'),
    async (ctx) => {
      ok(ctx, await auth.login(ctx.state.input.body, attemptSubject(ctx), deviceOf(ctx), ctx.state.knownDevice));
    },
  );

  // The second step of a staff sign-in with two-factor: the challenge of the first with a code.
  router.post(
    '/api/auth/login/two-factor',
    notIdempotent,
    validate({ body: twoFactorLoginSchema }),
    challengeAccount,
    limits.limit('login'),
    async (ctx) => {
      const { input, knownDevice } = ctx.state;
      ok(ctx, await auth.loginTwoFactor(input.body, attemptSubject(ctx), deviceOf(ctx), knownDevice));
    },
  );

  // A pending sign-in (two-factor to set up) may read its account and sign out, nothing more.
  router.get('/api/auth/me', session.requireSignInStarted, async (ctx) => {
    ctx.set('Cache-Control', 'private, no-store');
    ok(ctx, { user: ctx.state.user });
  });

  router.post('/api/auth/logout', session.requireSignInStarted, async (ctx) => {
    await sessions.end(ctx.state.user.id, ctx.state.sessionId);
    await recordAudit(deps.db, { action: 'sign_out', module: AUDIT_AUTH_MODULE, entityId: ctx.state.user.id });
    ok(ctx, null, { message: 'Logged out' });
  });

  router.post(
    '/api/auth/forgot-password',
    validate({ body: forgotPasswordSchema }),
    limits.limit('forgotPassword'),
    async (ctx) => {
      await auth.forgotPassword(ctx.state.input.body.email);
      ok(ctx, { message: FORGOT_PASSWORD_MESSAGE }, { message: FORGOT_PASSWORD_MESSAGE });
    },
  );

  router.get('/api/auth/reset-password/:token', validate({ params: tokenParams }), async (ctx) => {
    ctx.set('Cache-Control', 'no-store');
    ok(ctx, await auth.checkResetToken(ctx.state.input.params.token));
  });

  router.post(
    '/api/auth/reset-password/:token',
    validate({ params: tokenParams, body: resetPasswordBodySchema }),
    async (ctx) => {
      await auth.resetPassword(ctx.state.input.params.token, ctx.state.input.body.password);
      ok(ctx, { message: RESET_SUCCESS_MESSAGE }, { message: RESET_SUCCESS_MESSAGE });
    },
  );
}
