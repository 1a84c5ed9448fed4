import { adminUserSchema, PAGE_SIZES, usersQuery } from '@npo/shared';
import { created, ok, okPage } from '../../lib/respond.js';
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
    ok(ctx, await users.get(ctx.state.input.params.id)),
  );
  routes.post('/users', validate({ body: adminUserSchema }), async (ctx) =>
    created(ctx, await users.create(ctx.state.input.body), 'Admin user created. An invitation has been sent.'),
  );
  routes.put('/users/:id', validate({ params: idParams, body: adminUserSchema }), async (ctx) =>
    ok(ctx, await users.update(ctx.state.input.params.id, ctx.state.input.body), { message: 'Admin user updated' }),
  );
  routes.patch('/users/:id/toggle-status', validate({ params: idParams }), async (ctx) => {
    const user = await users.toggleStatus(ctx.state.input.params.id, ctx.state.user);
    ok(ctx, user, { message: user.isActive ? 'User activated' : 'User deactivated' });
  });
  routes.delete('/users/:id', validate({ params: idParams }), async (ctx) => {
    await users.remove(ctx.state.input.params.id, ctx.state.user);
    ok(ctx, null, { message: 'User deleted' });
  });
}
