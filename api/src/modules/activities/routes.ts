import { API, type ActivityInput } from '@npo/shared';
import type { ExpectedRevision } from '../../db/revisions.js';
import { created, ok, okPage } from '../../lib/respond.js';
import type { ModuleContext } from '../context.js';
import { registerAdminCrud } from '../crud-routes.js';
import { registerCalendarRoutes } from './calendar-routes.js';
import { registerActivityRegistrations } from './registration-routes.js';
import { createRemindersService } from './reminders.js';
import { calendarSiteOf } from './schedule.js';
import { createActivitiesService } from './service.js';
import { createWaitlistService } from './waitlist.js';
import { registerWaitlistRoutes } from './waitlist-routes.js';

export function registerActivities(context: ModuleContext): void {
  const { deps, route } = context;
  const activities = createActivitiesService(deps);
  const site = calendarSiteOf(deps);
  const waitlist = createWaitlistService(deps, site);
  const reminders = createRemindersService(deps, site);
  registerCalendarRoutes(context, activities);
  registerWaitlistRoutes(context, waitlist, site);

  /**
   * An edit that moves the activity tells everyone registered (reminders.ts); one that raises its
   * capacity frees places for the waitlist.
   */
  async function update(id: number, input: ActivityInput, expected?: ExpectedRevision) {
    const before = await activities.get(id);
    const after = await activities.update(id, input, expected);
    if (reminders.moved(before, after)) await reminders.dateChanged(after);
    waitlist.offerSoon(id);
    return after;
  }

  route(API.activities.list, async (ctx) =>
    okPage(ctx, 'activities', await activities.list(ctx.state.input.query), ctx.state.input.query),
  );
  route(API.activities.get, async (ctx) => ok(ctx, await activities.get(ctx.state.input.params.id)));
  route(API.activities.register, async (ctx) => {
    const activity = await activities.register(ctx.state.input.params.id, ctx.state.user.id);
    created(ctx, activity, 'You are registered for this activity.');
  });
  registerActivityRegistrations(context, activities, waitlist);

  registerAdminCrud(route, {
    operations: API.activities.admin,
    collection: 'activities',
    label: 'Activity',
    // The console lists the next upcoming first; the public list keeps its calendar order.
    service: { ...activities, list: activities.adminList, update },
  });
}
