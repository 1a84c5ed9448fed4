import { API } from '@npo/shared';
import { created, ok, okPage } from '../../lib/respond.js';
import type { ModuleContext } from '../context.js';
import { registerAdminCrud } from '../crud-routes.js';
import { registerCalendarRoutes } from './calendar-routes.js';
import { registerActivityRegistrations } from './registration-routes.js';
import { createActivitiesService } from './service.js';

export function registerActivities(context: ModuleContext): void {
  const { deps, route } = context;
  const activities = createActivitiesService(deps);
  registerCalendarRoutes(context, activities);

  route(API.activities.list, async (ctx) =>
    okPage(ctx, 'activities', await activities.list(ctx.state.input.query), ctx.state.input.query),
  );
  route(API.activities.get, async (ctx) => ok(ctx, await activities.get(ctx.state.input.params.id)));
  route(API.activities.register, async (ctx) => {
    const activity = await activities.register(ctx.state.input.params.id, ctx.state.user.id);
    created(ctx, activity, 'You are registered for this activity.');
  });
  registerActivityRegistrations(context, activities);

  registerAdminCrud(route, {
    operations: API.activities.admin,
    collection: 'activities',
    label: 'Activity',
    // The console lists the next upcoming first; the public list keeps its calendar order.
    service: { ...activities, list: activities.adminList },
  });
}
