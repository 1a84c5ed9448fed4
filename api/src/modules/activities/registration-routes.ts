/**
 * Who comes to an activity: the member's own cancellation and registration state, and the staff's
 * attendee list, its CSV export and removal of an attendee.
 */
import { PAGE_SIZES, registrationsFilter, registrationsQuery, type ActivityRegistration } from '@npo/shared';
import { csvPages, sendCsvExport } from '../../lib/csv.js';
import { ok, okPage } from '../../lib/respond.js';
import { idParams, validate } from '../../middleware/validate.js';
import type { ModuleContext } from '../context.js';
import type { createActivitiesService } from './service.js';

type ActivitiesService = ReturnType<typeof createActivitiesService>;

const registrationParams = idParams.extend({ userId: idParams.shape.id });

const CSV_HEADER = ['Name', 'E-mail', 'Registered at'];
const csvRow = (registration: ActivityRegistration) => [
  registration.name,
  registration.email,
  registration.registeredAt,
];

export function registerActivityRegistrations(
  { router, deps, session, admin }: ModuleContext,
  activities: ActivitiesService,
): void {
  // Per-user, so never behind publicContentCache: a cached public answer must hold no one's own data.
  router.get('/api/activities/:id/registration', session.requireUser, validate({ params: idParams }), async (ctx) => {
    ctx.set('Cache-Control', 'private, no-store');
    ok(ctx, { registered: await activities.isRegistered(ctx.state.input.params.id, ctx.state.user.id) });
  });
  router.delete('/api/activities/:id/register', session.requireUser, validate({ params: idParams }), async (ctx) => {
    const activity = await activities.cancel(ctx.state.input.params.id, ctx.state.user.id);
    // The freed seat changes the participant count the public answers show.
    await deps.contentChanges.bump();
    ok(ctx, activity, { message: 'Your registration is cancelled.' });
  });

  const staff = admin('activities');
  staff.get(
    '/activities/:id/registrations',
    validate({ params: idParams, query: registrationsQuery(PAGE_SIZES.registrations) }),
    async (ctx) => {
      const { params, query } = ctx.state.input;
      okPage(ctx, 'registrations', await activities.registrations(params.id, query), query);
    },
  );
  staff.get(
    '/activities/:id/registrations.csv',
    validate({ params: idParams, query: registrationsFilter }),
    async (ctx) => {
      const { params, query } = ctx.state.input;
      const filename = `activity-${params.id}-registrations.csv`;
      await sendCsvExport(ctx, deps, ctx.state.user.id, filename, CSV_HEADER, async () =>
        csvPages(await activities.registrationPages(params.id, query), csvRow),
      );
    },
  );
  // A POST, not a DELETE: the policy table derives the permission from the method (DELETE needs
  // "delete"), and removing an attendee is an edit of the activity that edit permission allows.
  staff.post('/activities/:id/registrations/:userId/remove', validate({ params: registrationParams }), async (ctx) => {
    const { id, userId } = ctx.state.input.params;
    const activity = await activities.removeRegistration(id, userId);
    await deps.contentChanges.bump();
    ok(ctx, activity, { message: 'Registration removed' });
  });
}
