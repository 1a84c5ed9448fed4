import { adminUserSchema, PAGE_SIZES, usersQuery } from '@npo/shared';
import { ok, okItem, okPage } from '../../lib/respond.js';
import { precondition } from '../../middleware/precondition.js';
import { idParams, validate } from '../../middleware/validate.js';
import type { ModuleContext } from '../context.js';
import { createUsersService } from './service.js';

export function registerUsers({ deps, admin }: ModuleContext): void {
  const users = createUsersService(deps);

  const routes = admin('admins');
  // Before /users/:id, which would otherwise take "stats" for an id.
  routes.get('/users/stats', async (ctx) => ok(ctx, await users.stats()));
  routes.get('/users', validate({ query: usersQuery(PAGE_SIZES.admins) }), async (ctx) =>
    okPage(ctx, 'users', await users.list(ctx.state.input.query), ctx.state.input.query),
  );
  routes.get('/users/:id', validate({ params: idParams }), async (ctx) =>
    okItem(ctx, await users.get(ctx.state.input.params.id)),
  );
  routes.post('/users', validate({ body: adminUserSchema }), async (ctx) =>
    okItem(ctx, await users.create(ctx.state.input.body), {
      status: 201,
      message: 'Admin user created. An invitation has been sent.',
    }),
  );
  routes.put('/users/:id', validate({ params: idParams, body: adminUserSchema }), precondition, async (ctx) => {
    const { params, body, expectedRevision } = ctx.state.input;
    const user = await users.update(params.id, body, expectedRevision, ctx.state.sessionId);
    okItem(ctx, user, { message: 'Admin user updated' });
  });
  routes.patch('/users/:id/toggle-status', validate({ params: idParams }), precondition, async (ctx) => {
    const { params, expectedRevision } = ctx.state.input;
    const user = await users.toggleStatus(params.id, ctx.state.user, expectedRevision);
    okItem(ctx, user, { message: user.isActive ? 'User activated' : 'User deactivated' });
  });
  routes.delete('/users/:id', validate({ params: idParams }), precondition, async (ctx) => {
    await users.remove(ctx.state.input.params.id, ctx.state.user, ctx.state.input.expectedRevision);
    ok(ctx, null, { message: 'User deleted' });
  });
}
