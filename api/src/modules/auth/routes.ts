import Router from '@koa/router';
import {
  forgotPasswordSchema,
  memberLoginSchema,
  resetPasswordBodySchema,
  signupSchema,
  twoFactorLoginSchema,
} from '@npo/shared';
import { z } from 'zod';
import type { AppDeps } from '../../deps.js';
import { clientSubject, createRateLimiter } from '../../lib/rate-limits.js';
import { created, ok } from '../../lib/respond.js';
import { notIdempotent } from '../../middleware/idempotency.js';
import type { Session } from '../../middleware/session.js';
import { validate } from '../../middleware/validate.js';
import { createSessionService, deviceOf } from '../sessions/service.js';
import { createAuthService, FORGOT_PASSWORD_MESSAGE, RESET_SUCCESS_MESSAGE } from './service.js';

const tokenParams = z.object({ token: z.string().min(1).max(200) });

export function authRoutes(router: Router, deps: AppDeps, session: Session): void {
  const auth = createAuthService(deps);
  const limits = createRateLimiter(deps);
  const sessions = createSessionService(deps);

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
    limits.limit('login'),
    async (ctx) => {
      ok(ctx, await auth.login(ctx.state.input.body, clientSubject(ctx.ip), deviceOf(ctx)));
    },
  );

  // The second step of a staff sign-in with two-factor: the challenge of the first with a code.
  router.post(
    '/api/auth/login/two-factor',
    notIdempotent,
    validate({ body: twoFactorLoginSchema }),
    limits.limit('login'),
    async (ctx) => {
      ok(ctx, await auth.loginTwoFactor(ctx.state.input.body, clientSubject(ctx.ip), deviceOf(ctx)));
    },
  );

  // A pending sign-in (two-factor to set up) may read its account and sign out, nothing more.
  router.get('/api/auth/me', session.requireSignInStarted, async (ctx) => {
    ctx.set('Cache-Control', 'private, no-store');
    ok(ctx, { user: ctx.state.user });
  });

  router.post('/api/auth/logout', session.requireSignInStarted, async (ctx) => {
    await sessions.end(ctx.state.user.id, ctx.state.sessionId);
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
