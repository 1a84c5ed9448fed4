import { API } from '@npo/shared';
import { ok, okItem, okPage } from '../../lib/respond.js';
import type { ModuleContext } from '../context.js';
import { announceIfEverListed } from '../directory/service.js';
import { createUsersService } from './service.js';

export const INVITATION_QUEUED = 'Admin user created. The invitation e-mail is queued and will be sent shortly.';

export function registerUsers({ deps, route }: ModuleContext): void {
  const users = createUsersService(deps);

  route(API.users.stats, async (ctx) => ok(ctx, await users.stats()));
  route(API.users.list, async (ctx) =>
    okPage(ctx, 'users', await users.list(ctx.state.input.query), ctx.state.input.query),
  );
  route(API.users.get, async (ctx) => okItem(ctx, await users.get(ctx.state.input.params.id)));
  route(API.users.create, async (ctx) =>
    okItem(ctx, await users.create(ctx.state.input.body), {
      status: 201,
      message: INVITATION_QUEUED,
    }),
  );
  route(API.users.update, async (ctx) => {
    const { params, body, expectedRevision } = ctx.state.input;
    const user = await users.update(params.id, body, expectedRevision, ctx.state.sessionId);
    await announceIfEverListed(deps, user.id);
    okItem(ctx, user, { message: 'Admin user updated' });
  });
  route(API.users.toggleStatus, async (ctx) => {
    const { params, expectedRevision } = ctx.state.input;
    const user = await users.toggleStatus(params.id, ctx.state.user, expectedRevision);
    await announceIfEverListed(deps, user.id);
    okItem(ctx, user, { message: user.isActive ? 'User activated' : 'User deactivated' });
  });
  route(API.users.resendInvitation, async (ctx) => {
    const user = await users.resendInvitation(ctx.state.input.params.id);
    okItem(ctx, user, { message: `A new invitation to ${user.email} is queued. The earlier link no longer works.` });
  });
  route(API.users.remove, async (ctx) => {
    await users.remove(ctx.state.input.params.id, ctx.state.user, ctx.state.input.expectedRevision);
    ok(ctx, null, { message: 'User deleted' });
  });
}
