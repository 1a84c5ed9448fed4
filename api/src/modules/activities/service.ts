import type { ACTIVITY_SORTS, Activity, ActivityInput, ActivityStatus, RegistrationsFilter } from '@npo/shared';
import { orderFor, type ListSort } from '../../db/paging.js';
import type { ExpectedRevision } from '../../db/revisions.js';
import type { OrderBy, Page } from '../../db/table.js';
import type { AppDeps } from '../../deps.js';
import { conflict, found, notFound } from '../../errors.js';
import { recordAdminChange } from '../audit/admin-writes.js';
import { clientIdColumn, createOnce } from '../../db/client-ids.js';
import { queueRegistrationConfirmation } from './confirmation.js';
import { createActivitiesRepository } from './repository.js';
import { calendarSiteOf } from './schedule.js';
import { isOpenToNewcomers } from './waitlist.js';

export const ALREADY_REGISTERED = 'You are already registered for this activity.';
export const ACTIVITY_IS_PAST = 'This activity has already taken place; registration is closed.';
export const ACTIVITY_IS_FULL = 'This activity is full; no places are left. You can join its waitlist.';
export const CANCEL_IS_CLOSED = 'This activity has already taken place; its registrations can no longer be cancelled.';
export const CANCEL_IS_ATTENDED =
  'You have attended this activity (staff recorded it); your registration can no longer be cancelled.';
export const REGISTRATION = 'Registration';

export interface ActivitiesQuery extends Page {
  status?: ActivityStatus | undefined;
  /** The admin search: title, location or a tag. */
  q?: string | undefined;
}

type ActivitySort = (typeof ACTIVITY_SORTS)[number];

/** The console's sort names and their columns (qualified: the list joins the registrations). */
const SORT_COLUMNS: Record<ActivitySort, string> = {
  date: 'activities.date',
  title: 'activities.title',
  location: 'activities.location',
};

/** Upcoming reads like a calendar (soonest first); past and mixed lists show the most recent first. */
function orderForStatus(status: ActivityStatus | undefined): OrderBy {
  const order = status === 'upcoming' ? 'asc' : 'desc';
  return [
    { column: 'date', order },
    { column: 'id', order },
  ];
}

function refuseRegistration(activity: Activity, alreadyRegistered: boolean): void {
  if (activity.status === 'past') throw conflict(ACTIVITY_IS_PAST);
  if (alreadyRegistered) throw conflict(ALREADY_REGISTERED);
  // Places freed while people wait go to the waitlist, in order (waitlist.ts).
  if (!isOpenToNewcomers(activity)) throw conflict(ACTIVITY_IS_FULL);
}

export function createActivitiesService(deps: AppDeps) {
  const activities = createActivitiesRepository(deps.db);
  const now = () => deps.clock.now();
  return {
    list: (query: ActivitiesQuery) => activities.page(query, query.status, orderForStatus(query.status), query.q),
    /** The console's list: the next upcoming first unless a column is chosen (issue 21 item 12). */
    adminList: (query: ActivitiesQuery & ListSort<ActivitySort>) =>
      activities.page(
        query,
        query.status,
        orderFor(SORT_COLUMNS, query, activities.nextUpcomingFirst(query.status)),
        query.q,
      ),
    get: async (id: number) => found(await activities.findById(id), 'Activity'),
    /** A replay of a console creation answers the activity it made. */
    create: (input: ActivityInput) =>
      createOnce(
        input.clientId,
        (clientId) => activities.findByClientId(clientId),
        () => activities.insert({ ...activities.toRow(input), ...clientIdColumn(input) }, now()),
      ),
    async update(id: number, input: ActivityInput, expected?: ExpectedRevision) {
      return found(await activities.update(id, activities.toRow(input), now(), { expected }), 'Activity');
    },
    async remove(id: number, expected?: ExpectedRevision) {
      if (!(await activities.remove(id, { expected }))) throw notFound('Activity');
    },

    /**
     * One registration per user, none for past or full activities, confirmed by mail with its check-in
     * code; answers the activity with its new count.
     */
    register(activityId: number, userId: number): Promise<Activity> {
      return deps.db.transaction(async (trx) => {
        await activities.lockForRegistration(activityId, trx);
        const activity = found(await activities.findById(activityId, trx), 'Activity');
        refuseRegistration(activity, await activities.isRegistered(activityId, userId, trx));
        const checkInCode = await activities.addRegistration(activityId, userId, now(), trx);
        const after = found(await activities.findById(activityId, trx), 'Activity');
        await queueRegistrationConfirmation(deps, trx, calendarSiteOf(deps), { activity: after, userId, checkInCode });
        return after;
      });
    },

    /**
     * The member's own cancellation: only while the activity is upcoming and staff have not recorded
     * them attended (their CPD hours count from then on); answers the activity with its new count.
     * The removal is conditional on attendance still unrecorded, so a check-in landing meanwhile wins.
     */
    cancel(activityId: number, userId: number): Promise<Activity> {
      return deps.db.transaction(async (trx) => {
        await activities.lockForRegistration(activityId, trx);
        const activity = found(await activities.findById(activityId, trx), 'Activity');
        if (!(await activities.isRegistered(activityId, userId, trx))) throw notFound(REGISTRATION);
        if (activity.status === 'past') throw conflict(CANCEL_IS_CLOSED);
        if (!(await activities.removeUnattendedRegistration(activityId, userId, trx))) {
          throw conflict(CANCEL_IS_ATTENDED);
        }
        return found(await activities.findById(activityId, trx), 'Activity');
      });
    },

    async isRegistered(activityId: number, userId: number): Promise<boolean> {
      found(await activities.findById(activityId), 'Activity');
      return activities.isRegistered(activityId, userId, deps.db);
    },

    async registrations(activityId: number, query: RegistrationsFilter & Page) {
      found(await activities.findById(activityId), 'Activity');
      return activities.registrations(activityId, query, query);
    },

    async registrationPages(activityId: number, filter: RegistrationsFilter) {
      found(await activities.findById(activityId), 'Activity');
      return activities.registrationPages(activityId, filter);
    },

    /** Staff removing an attendee (any status: the list is also corrected after the fact). */
    async removeRegistration(activityId: number, userId: number): Promise<Activity> {
      await deps.db.transaction(async (trx) => {
        if (!(await activities.removeRegistration(activityId, userId, trx))) throw notFound(REGISTRATION);
        await recordAdminChange(trx, {
          action: 'update',
          entityId: activityId,
          changes: { registeredUserId: { before: userId, after: null } },
        });
      });
      return found(await activities.findById(activityId), 'Activity');
    },
  };
}
