/**
 * Two-factor sign-in (issue 11). The account's own routes, under /api/account/two-factor, are open to
 * any staff member, also during a sign-in that is still pending its setup (a super admin requires
 * two-factor and this account has none yet). The switch that requires it for all staff is a
 * super-admin setting in the policy table (module `admins`).
 */
import { securitySettingsSchema, twoFactorCodeSchema, twoFactorDisableSchema } from '@npo/shared';
import type { Context } from 'koa';
import { ok } from '../../lib/respond.js';
import { notIdempotent } from '../../middleware/idempotency.js';
import { callerOf } from '../../middleware/session.js';
import { idParams, validate } from '../../middleware/validate.js';
import { createAuthService } from '../auth/service.js';
import type { ModuleContext } from '../context.js';
import { createTwoFactorService } from './service.js';

const BASE = '/api/account/two-factor';

export function registerTwoFactor({ router, deps, session, admin }: ModuleContext): void {
  const twoFactor = createTwoFactorService(deps);
  const { guard } = createAuthService(deps);
  const staff = session.requireStaffSignInStarted;
  const noStore = (ctx: Context) => ctx.set('Cache-Control', 'private, no-store');

  router.get(BASE, staff, async (ctx) => {
    noStore(ctx);
    ok(ctx, await twoFactor.status(ctx.state.user.id));
  });

  // Setup, confirm and new recovery codes ignore Idempotency-Key: their answers are a secret or
  // recovery codes, not for keeping in a table; asked twice, the second answer simply replaces the first.
  router.post(`${BASE}/setup`, notIdempotent, staff, async (ctx) => {
    noStore(ctx);
    ok(ctx, await twoFactor.setup(ctx.state.user));
  });

  router.post(`${BASE}/confirm`, notIdempotent, staff, validate({ body: twoFactorCodeSchema }), async (ctx) => {
    noStore(ctx);
    ok(ctx, await twoFactor.confirm(guard, callerOf(ctx), ctx.state.input.body.code));
  });

  router.post(`${BASE}/disable`, staff, validate({ body: twoFactorDisableSchema }), async (ctx) => {
    const { password, code } = ctx.state.input.body;
    await twoFactor.disable(guard, callerOf(ctx), password, code);
    ok(ctx, null, { message: 'Two-factor sign-in is off.' });
  });

  router.post(`${BASE}/recovery-codes`, notIdempotent, staff, validate({ body: twoFactorCodeSchema }), async (ctx) => {
    noStore(ctx);
    ok(ctx, await twoFactor.renewRecoveryCodes(guard, callerOf(ctx), ctx.state.input.body.code));
  });

  const settings = admin('admins');
  settings.get('/settings/security', async (ctx) => {
    ok(ctx, { requireTwoFactor: await twoFactor.isRequired() });
  });
  settings.post('/users/:id/two-factor/reset', validate({ params: idParams }), async (ctx) => {
    await twoFactor.resetFor(ctx.state.input.params.id, ctx.state.user.id);
    ok(ctx, null, { message: 'Two-factor sign-in has been reset. The account has been signed out everywhere.' });
  });
  settings.put('/settings/security', validate({ body: securitySettingsSchema }), async (ctx) => {
    ok(ctx, await twoFactor.setRequired(ctx.state.input.body.requireTwoFactor));
  });
}
