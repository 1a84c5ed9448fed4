/**
 * Two-factor sign-in (issue 11). The account's own routes, under /api/account/two-factor, are open to
 * any staff member, also during a sign-in that is still pending its setup (a super admin requires
 * two-factor and this account has none yet). The switch that requires it for all staff is a
 * super-admin setting in the policy table (module `admins`).
 */
import { API } from '@npo/shared';
import type { Context } from 'koa';
import { ok } from '../../lib/respond.js';
import { callerOf } from '../../middleware/session.js';
import { createAuthService } from '../auth/service.js';
import type { ModuleContext } from '../context.js';
import { createTwoFactorService } from './service.js';

export function registerTwoFactor({ deps, route }: ModuleContext): void {
  const twoFactor = createTwoFactorService(deps);
  const { guard } = createAuthService(deps);
  const noStore = (ctx: Context) => ctx.set('Cache-Control', 'private, no-store');

  route(API.twoFactor.status, async (ctx) => {
    noStore(ctx);
    ok(ctx, await twoFactor.status(ctx.state.user.id));
  });

  route(API.twoFactor.setup, async (ctx) => {
    noStore(ctx);
    ok(ctx, await twoFactor.setup(ctx.state.user));
  });

  route(API.twoFactor.confirm, async (ctx) => {
    noStore(ctx);
    ok(ctx, await twoFactor.confirm(guard, callerOf(ctx), ctx.state.input.body.code));
  });

  route(API.twoFactor.disable, async (ctx) => {
    const { password, code } = ctx.state.input.body;
    await twoFactor.disable(guard, callerOf(ctx), password, code);
    ok(ctx, null, { message: 'Two-factor sign-in is off.' });
  });

  route(API.twoFactor.renewRecoveryCodes, async (ctx) => {
    noStore(ctx);
    ok(ctx, await twoFactor.renewRecoveryCodes(guard, callerOf(ctx), ctx.state.input.body.code));
  });

  route(API.twoFactor.securitySettings, async (ctx) => {
    ok(ctx, { requireTwoFactor: await twoFactor.isRequired() });
  });
  route(API.twoFactor.resetFor, async (ctx) => {
    await twoFactor.resetFor(ctx.state.input.params.id, ctx.state.user.id);
    ok(ctx, null, { message: 'Two-factor sign-in has been reset. The account has been signed out everywhere.' });
  });
  route(API.twoFactor.setSecuritySettings, async (ctx) => {
    ok(ctx, await twoFactor.setRequired(ctx.state.input.body.requireTwoFactor));
  });
}
