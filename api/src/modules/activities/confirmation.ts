/**
 * The mail that confirms a member's registration (issue 58): queued in the transaction that made the
 * registration, so it goes exactly when the registration stands. It gives the check-in code to show
 * at the door, as /account/activities does, and the calendar file.
 */
import type { Activity } from '@npo/shared';
import type { Db } from '../../db/connection.js';
import type { AppDeps } from '../../deps.js';
import { found } from '../../errors.js';
import type { CalendarSite } from './calendar.js';
import { registrationConfirmedMail } from './mails.js';

export async function queueRegistrationConfirmation(
  deps: AppDeps,
  trx: Db,
  site: CalendarSite,
  registration: { activity: Activity; userId: number; checkInCode: string },
): Promise<void> {
  const person: { name: string; email: string } | undefined = await trx('users')
    .where({ id: registration.userId })
    .first('name', 'email');
  const mail = registrationConfirmedMail(
    { ...found(person, 'User'), checkInCode: registration.checkInCode },
    registration.activity,
    site,
  );
  await deps.mailer.enqueue(trx, mail);
}
