/**
 * The waitlist's routes (issue 58 item 1): a member joins or leaves the line of a full activity and
 * takes a place offered with the mail's link; staff read the line; and staff's mail to the attendees,
 * with its recipient count read first.
 */
import { API } from '@npo/shared';
import { created, ok, okPage } from '../../lib/respond.js';
import type { ModuleContext } from '../context.js';
import { createAttendeeMailService } from './attendee-mail.js';
import type { CalendarSite } from './calendar.js';
import type { WaitlistService } from './waitlist.js';

export function registerWaitlistRoutes({ deps, route }: ModuleContext, waitlist: WaitlistService, site: CalendarSite) {
  const attendeeMail = createAttendeeMailService(deps, site);

  route(API.activities.joinWaitlist, async (ctx) => {
    const activity = await waitlist.join(ctx.state.input.params.id, ctx.state.user.id);
    created(ctx, activity, 'You are on the waitlist. We will e-mail you if a place becomes free.');
  });
  route(API.activities.leaveWaitlist, async (ctx) => {
    const activity = await waitlist.leave(ctx.state.input.params.id, ctx.state.user.id);
    waitlist.offerSoon(activity.id);
    ok(ctx, activity, { message: 'You have left the waitlist.' });
  });
  route(API.activities.acceptOffer, async (ctx) => {
    const activity = await waitlist.accept(ctx.state.input.body.token);
    ok(ctx, activity, { message: 'You are registered for this activity.' });
  });

  route(API.activities.waitlist, async (ctx) => {
    const { params, query } = ctx.state.input;
    okPage(ctx, 'waitlist', await waitlist.entries(params.id, query), query);
  });
  route(API.activities.mailRecipients, async (ctx) => {
    const { params, query } = ctx.state.input;
    ok(ctx, { count: await attendeeMail.recipientCount(params.id, query.audience) });
  });
  route(API.activities.mailAttendees, async (ctx) => {
    const { params, body } = ctx.state.input;
    const queued = await attendeeMail.send(params.id, body);
    ok(ctx, { queued }, { message: queued === 1 ? '1 mail queued' : `${queued} mails queued` });
  });
}
