/**
 * The signed-in account's own sessions and password (members and staff alike, /api/account), and the
 * super admin's "End all sessions" of a staff account (policy module 'admins').
 */
import { API } from '@npo/shared';
import { createRateLimiter } from '../../lib/rate-limits.js';
import { ok } from '../../lib/respond.js';
import { callerOf } from '../../middleware/session.js';
import type { ModuleContext } from '../context.js';
import { createAccountService, PASSWORD_CHANGED } from './service.js';

export function registerAccount({ deps, route }: ModuleContext): void {
  const account = createAccountService(deps);
  const limits = createRateLimiter(deps);

  route(API.account.sessions, async (ctx) => {
    ctx.set('Cache-Control', 'private, no-store');
    ok(ctx, await account.list(callerOf(ctx)));
  });

  route(API.account.endSession, async (ctx) => {
    await account.endOne(callerOf(ctx), ctx.state.input.params.id);
    ok(ctx, null, { message: 'Session ended' });
  });

  route(API.account.endOtherSessions, async (ctx) => {
    const ended = await account.endOthers(callerOf(ctx));
    ok(ctx, { ended }, { message: 'Your other sessions have been signed out.' });
  });

  // Rate-limited like sign-in: a stolen session must not be a way to guess the current password.
  route(
    API.account.changePassword,
    async (ctx) => {
      await account.changePassword(callerOf(ctx), ctx.state.input.body);
      ok(ctx, null, { message: PASSWORD_CHANGED });
    },
    { before: [limits.limit('changePassword')] },
  );

  route(API.account.endSessionsOf, async (ctx) => {
    const ended = await account.endAllOf(ctx.state.input.params.id, callerOf(ctx));
    ok(ctx, { ended }, { message: 'The account has been signed out everywhere.' });
  });
}
