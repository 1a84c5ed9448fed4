import { activitiesQuery, activitySchema, adminActivitiesQuery, MAX_PAGE_LIMIT, PAGE_SIZES } from '@npo/shared';
import { PAGING_READS, publicContentCache } from '../../lib/public-cache.js';
import { created, ok, okPage } from '../../lib/respond.js';
import { idParams, validate } from '../../middleware/validate.js';
import type { ModuleContext } from '../context.js';
import { registerAdminCrud } from '../crud-routes.js';
import { registerCalendarRoutes } from './calendar-routes.js';
import { registerActivityRegistrations } from './registration-routes.js';
import { createActivitiesService } from './service.js';

export function registerActivities({ router, deps, session, admin }: ModuleContext): void {
  const activities = createActivitiesService(deps);
  registerCalendarRoutes(router, deps, activities);

  router.get(
    '/api/activities',
    publicContentCache(deps.contentChanges, [...PAGING_READS, 'status']),
    validate({ query: activitiesQuery(MAX_PAGE_LIMIT) }),
    async (ctx) => okPage(ctx, 'activities', await activities.list(ctx.state.input.query), ctx.state.input.query),
  );
  router.get(
    '/api/activities/:id',
    publicContentCache(deps.contentChanges),
    validate({ params: idParams }),
    async (ctx) => ok(ctx, await activities.get(ctx.state.input.params.id)),
  );
  router.post('/api/activities/:id/register', session.requireUser, validate({ params: idParams }), async (ctx) => {
    const activity = await activities.register(ctx.state.input.params.id, ctx.state.user.id);
    // The public answers show the participant count: like an admin edit, this changes the content.
    await deps.contentChanges.bump();
    created(ctx, activity, 'You are registered for this activity.');
  });
  registerActivityRegistrations({ router, deps, session, admin }, activities);

  registerAdminCrud(admin('activities'), {
    path: '/activities',
    collection: 'activities',
    label: 'Activity',
    schema: activitySchema,
    listQuery: adminActivitiesQuery(PAGE_SIZES.activities),
    service: activities,
  });
}
