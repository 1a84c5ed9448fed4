/**
 * The calendar files: "Add to calendar" for one activity and the feed of the upcoming ones. Both go
 * through the public content cache like the JSON answers, so an admin edit shows in the very next
 * fetch and a calendar app's revalidation with the ETag costs no query.
 */
import { API, organisationName } from '@npo/shared';
import type { Context } from 'koa';
import type { ModuleContext } from '../context.js';
import { activitiesFeed, activityCalendar, calendarFileName, type CalendarSite } from './calendar.js';
import type { createActivitiesService } from './service.js';

/** Upcoming activities are a few dozen at most; this only bounds the answer if that ever changes. */
export const FEED_LIMIT = 500;

const CALENDAR_TYPE = 'text/calendar; charset=utf-8';

function sendCalendar(ctx: Context, text: string, disposition: string): void {
  ctx.status = 200;
  ctx.type = CALENDAR_TYPE;
  ctx.set('Content-Disposition', disposition);
  ctx.body = text;
}

type ActivitiesService = ReturnType<typeof createActivitiesService>;

/** Register before GET /api/activities/:id, which would take "calendar.ics" for an id. */
export function registerCalendarRoutes({ deps, route }: ModuleContext, activities: ActivitiesService): void {
  const site: CalendarSite = {
    publicUrl: deps.config.publicUrl,
    organisationName,
    timeZone: deps.config.organisationTimeZone,
  };

  route(API.activities.calendarFeed, async (ctx) => {
    // Upcoming as the site shows it (staff set the status), soonest first.
    const { items } = await activities.list({ page: 1, limit: FEED_LIMIT, status: 'upcoming' });
    // Inline: a subscribing calendar app reads it in place; a browser shows or offers it.
    sendCalendar(ctx, activitiesFeed(items, site), 'inline; filename="activities.ics"');
  });
  route(API.activities.calendarFile, async (ctx) => {
    const activity = await activities.get(ctx.state.input.params.id);
    sendCalendar(ctx, activityCalendar(activity, site), `attachment; filename="${calendarFileName(activity)}"`);
  });
}
