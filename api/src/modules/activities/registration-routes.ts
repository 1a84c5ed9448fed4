/**
 * Who comes to an activity: the member's own cancellation and registration state, and the staff's
 * attendee list, its CSV export, removal of an attendee, and attendance (attendance.ts).
 */
import { API } from '@npo/shared';
import { sendCsvExport } from '../../lib/csv.js';
import { created, ok, okPage } from '../../lib/respond.js';
import type { ModuleContext } from '../context.js';
import { createAttendanceService } from './attendance.js';
import { REGISTRATIONS_CSV } from './presenter.js';
import type { createActivitiesService } from './service.js';
import type { WaitlistService } from './waitlist.js';

type ActivitiesService = ReturnType<typeof createActivitiesService>;

export function registerActivityRegistrations(
  { deps, route }: ModuleContext,
  activities: ActivitiesService,
  waitlist: WaitlistService,
): void {
  // Per-user, so never behind the public cache: a cached public answer must hold no one's own data.
  route(API.activities.registration, async (ctx) => {
    ctx.set('Cache-Control', 'private, no-store');
    const { id } = ctx.state.input.params;
    const registered = await activities.isRegistered(id, ctx.state.user.id);
    ok(ctx, { registered, waitlist: await waitlist.standingOf(id, ctx.state.user.id) });
  });
  // A cancelled or removed registration frees a place: the first in line is offered it.
  route(API.activities.cancelRegistration, async (ctx) => {
    const activity = await activities.cancel(ctx.state.input.params.id, ctx.state.user.id);
    waitlist.offerSoon(activity.id);
    ok(ctx, activity, { message: 'Your registration is cancelled.' });
  });

  route(API.activities.registrations, async (ctx) => {
    const { params, query } = ctx.state.input;
    okPage(ctx, 'registrations', await activities.registrations(params.id, query), query);
  });
  route(API.activities.exportRegistrations, async (ctx) => {
    const { params, query } = ctx.state.input;
    const filename = `activity-${params.id}-registrations.csv`;
    await sendCsvExport(ctx, deps, ctx.state.user.id, filename, REGISTRATIONS_CSV, () =>
      activities.registrationPages(params.id, query),
    );
  });
  route(API.activities.removeRegistration, async (ctx) => {
    const { id, userId } = ctx.state.input.params;
    const activity = await activities.removeRegistration(id, userId);
    waitlist.offerSoon(id);
    ok(ctx, activity, { message: 'Registration removed' });
  });

  const attendance = createAttendanceService(deps);
  route(API.activities.markAttendance, async (ctx) => {
    const { params, body } = ctx.state.input;
    const activity = await attendance.mark(params.id, body);
    ok(ctx, activity, { message: body.attended ? 'Marked attended' : 'Marked not attended' });
  });
  route(API.activities.markAllAttended, async (ctx) => {
    ok(ctx, await attendance.markAll(ctx.state.input.params.id), { message: 'Everyone registered is marked attended' });
  });
  route(API.activities.checkIn, async (ctx) => {
    const { params, body } = ctx.state.input;
    const registration = await attendance.checkIn(params.id, body.code);
    ok(ctx, registration, { message: `${registration.name} is checked in` });
  });
  route(API.activities.addWalkIn, async (ctx) => {
    const { params, body } = ctx.state.input;
    const registration = await attendance.addWalkIn(params.id, body);
    created(ctx, registration, `${registration.name} is registered and marked attended`);
  });
}
