import { activitiesQuery, activitySchema, CACHE_LIFETIMES_S, MAX_PAGE_LIMIT, PAGE_SIZES } from '@npo/shared';
import { publicCache } from '../../lib/public-cache.js';
import { created, ok, okPage } from '../../lib/respond.js';
import { idParams, validate } from '../../middleware/validate.js';
import type { ModuleContext } from '../context.js';
import { registerAdminCrud } from '../crud-routes.js';
import { createActivitiesService } from './service.js';

export function registerActivities({ router, deps, session, admin }: ModuleContext): void {
  const activities = createActivitiesService(deps);

  router.get(
    '/api/activities',
    publicCache(CACHE_LIFETIMES_S.activities),
    validate({ query: activitiesQuery(MAX_PAGE_LIMIT) }),
    async (ctx) => okPage(ctx, 'activities', await activities.list(ctx.state.input.query), ctx.state.input.query),
  );
  router.get(
    '/api/activities/:id',
    publicCache(CACHE_LIFETIMES_S.activities),
    validate({ params: idParams }),
    async (ctx) => ok(ctx, await activities.get(ctx.state.input.params.id)),
  );
  router.post('/api/activities/:id/register', session.requireUser, validate({ params: idParams }), async (ctx) =>
    created(
      ctx,
      await activities.register(ctx.state.input.params.id, ctx.state.user.id),
      'You are registered for this activity.',
    ),
  );

  registerAdminCrud(admin('activities'), {
    path: '/activities',
    collection: 'activities',
    label: 'Activity',
    schema: activitySchema,
    listQuery: activitiesQuery(PAGE_SIZES.activities),
    service: activities,
  });
}
