/**
 * Staff's mail to an activity's attendees (issue 58 item 2), through the mail queue: one mail per
 * recipient, queued in one transaction. The audience is an enum (@npo/shared ACTIVITY_MAIL_AUDIENCES):
 * each value is a query of the registrations here.
 */
import type { ActivityMailAudience } from '@npo/shared';
import type { Knex } from 'knex';
import type { Db } from '../../db/connection.js';
import { countOf } from '../../db/rows.js';
import type { AppDeps } from '../../deps.js';
import { found } from '../../errors.js';
import { recordAdminChange } from '../audit/admin-writes.js';
import type { CalendarSite } from './calendar.js';
import { attendeeMessageMail } from './mails.js';
import { createActivitiesRepository } from './repository.js';

const REGISTRATIONS = 'activity_registrations';

/** The accounts of the audience that can be written to: active and not erased. */
function audienceOf(db: Db, activityId: number, audience: ActivityMailAudience): Knex.QueryBuilder {
  const registered = db(REGISTRATIONS)
    .join('users', 'users.id', `${REGISTRATIONS}.user_id`)
    .where(`${REGISTRATIONS}.activity_id`, activityId)
    .where('users.is_active', true)
    .whereNull('users.erased_at');
  switch (audience) {
    case 'registered':
      return registered;
    case 'not_attended':
      return registered.whereNull(`${REGISTRATIONS}.attended_at`);
  }
}

export function createAttendeeMailService(deps: AppDeps, site: CalendarSite) {
  const activities = createActivitiesRepository(deps.db);
  return {
    async recipientCount(activityId: number, audience: ActivityMailAudience): Promise<number> {
      found(await activities.findById(activityId), 'Activity');
      return countOf(audienceOf(deps.db, activityId, audience));
    },

    /** Queues the mail for each recipient; answers how many were queued. */
    async send(activityId: number, mail: { audience: ActivityMailAudience; subject: string; message: string }) {
      const activity = found(await activities.findById(activityId), 'Activity');
      return deps.db.transaction(async (trx) => {
        const people: { name: string; email: string }[] = await audienceOf(trx, activityId, mail.audience)
          .orderBy('users.id')
          .select('users.name', 'users.email');
        if (people.length > 0)
          await deps.mailer.enqueue(
            trx,
            people.map((person) => attendeeMessageMail(person, activity, site, mail)),
          );
        // The activity log says who wrote to whom, and what about (the mail queue holds the mails).
        await recordAdminChange(trx, {
          action: 'update',
          entityId: activityId,
          changes: {
            attendeesMailed: { after: { audience: mail.audience, subject: mail.subject, recipients: people.length } },
          },
        });
        return people.length;
      });
    },
  };
}
