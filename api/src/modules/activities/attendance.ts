/**
 * Attendance (issue 58): staff mark who came, one by one or all at once, by the check-in code the
 * registrant shows, or as a walk-in who never registered. Each write locks the activity (PostgreSQL)
 * as registration does, checks every rule before it writes, and writes in one transaction: a refusal
 * changes nothing. Unmarking someone withdraws the certificate issued for that attendance.
 */
import type { Activity, ActivityRegistration, AttendanceInput, WalkInInput } from '@npo/shared';
import type { Db } from '../../db/connection.js';
import type { AppDeps } from '../../deps.js';
import { AppError, found, validationError } from '../../errors.js';
import { recordAdminChange } from '../audit/admin-writes.js';
import { createActivitiesRepository } from './repository.js';
import { presentRegistration, type RegistrationRow } from './presenter.js';

const REGISTRATIONS = 'activity_registrations';
export const NOT_REGISTERED = 'Not registered for this activity';
export const UNKNOWN_CHECK_IN_CODE = 'No registration for this activity has this check-in code';
export const WALK_IN_REGISTERED = 'This address is already registered for this activity';

/** The registrations of `userIds` for the activity, by user id. */
async function registrationsOf(trx: Db, activityId: number, userIds: number[]) {
  const rows: { id: number; user_id: number; attended_at: unknown }[] = await trx(REGISTRATIONS)
    .where({ activity_id: activityId })
    .whereIn('user_id', userIds)
    .select('id', 'user_id', 'attended_at');
  return new Map(rows.map((row) => [row.user_id, row]));
}

async function registrationOf(trx: Db, activityId: number, userId: number): Promise<ActivityRegistration> {
  const row = await trx(REGISTRATIONS)
    .join('users', 'users.id', `${REGISTRATIONS}.user_id`)
    .where(`${REGISTRATIONS}.activity_id`, activityId)
    .where(`${REGISTRATIONS}.user_id`, userId)
    .first<RegistrationRow | undefined>(
      'users.id as user_id',
      'users.name',
      'users.email',
      `${REGISTRATIONS}.created_at`,
      `${REGISTRATIONS}.attended_at`,
    );
  return presentRegistration(found(row, 'Registration'));
}

export function createAttendanceService(deps: AppDeps) {
  const activities = createActivitiesRepository(deps.db);
  const now = () => deps.clock.now();

  /** Runs `work` with the activity locked and known to exist. */
  function withActivity<T>(activityId: number, work: (trx: Db, activity: Activity) => Promise<T>): Promise<T> {
    return deps.db.transaction(async (trx) => {
      await activities.lockForRegistration(activityId, trx);
      return work(trx, found(await activities.findById(activityId, trx), 'Activity'));
    });
  }

  return {
    /**
     * Marks (or unmarks) every one of `userIds`; one who is not registered refuses the whole batch with
     * a field message naming them. Marking keeps the time of an earlier mark.
     */
    async mark(activityId: number, { userIds, attended }: AttendanceInput): Promise<Activity> {
      await withActivity(activityId, async (trx) => {
        const wanted = [...new Set(userIds)];
        const found = await registrationsOf(trx, activityId, wanted);
        const missing = wanted.filter((userId) => !found.has(userId));
        if (missing.length > 0) {
          throw validationError([{ field: 'userIds', message: `${NOT_REGISTERED}: account ${missing.join(', ')}` }]);
        }
        const ids = [...found.values()].map((row) => row.id);
        if (attended) {
          await trx(REGISTRATIONS).whereIn('id', ids).whereNull('attended_at').update({ attended_at: now() });
        } else {
          await trx('activity_certificates').whereIn('registration_id', ids).delete();
          await trx(REGISTRATIONS).whereIn('id', ids).update({ attended_at: null });
        }
        await recordAdminChange(trx, {
          action: 'update',
          entityId: activityId,
          changes: { attendance: { before: null, after: { userIds: wanted, attended } } },
        });
      });
      return found(await activities.findById(activityId), 'Activity');
    },

    /** Every registrant attended (the ones already marked keep their time). */
    async markAll(activityId: number): Promise<Activity> {
      await withActivity(activityId, async (trx) => {
        const marked = await trx(REGISTRATIONS)
          .where({ activity_id: activityId })
          .whereNull('attended_at')
          .update({ attended_at: now() });
        await recordAdminChange(trx, {
          action: 'update',
          entityId: activityId,
          changes: { attendance: { before: null, after: { all: true, marked } } },
        });
      });
      return found(await activities.findById(activityId), 'Activity');
    },

    /** The registrant whose code it is, marked attended; an unknown code names the field. */
    checkIn(activityId: number, code: string): Promise<ActivityRegistration> {
      return withActivity(activityId, async (trx) => {
        const row: { id: number; user_id: number } | undefined = await trx(REGISTRATIONS)
          .where({ activity_id: activityId, check_in_code: code })
          .first('id', 'user_id');
        if (!row) throw validationError([{ field: 'code', message: UNKNOWN_CHECK_IN_CODE }]);
        await trx(REGISTRATIONS).where({ id: row.id }).whereNull('attended_at').update({ attended_at: now() });
        await recordAdminChange(trx, {
          action: 'update',
          entityId: activityId,
          changes: { attendance: { before: null, after: { userIds: [row.user_id], attended: true, checkIn: true } } },
        });
        return registrationOf(trx, activityId, row.user_id);
      });
    },

    /**
     * Registers and marks attended someone who came without registering, past the capacity if need be
     * (they are in the room). The account of the address is used; an address without one gets a member
     * account without a password, as an import makes, which the person can claim with "Forgot password".
     */
    addWalkIn(activityId: number, input: WalkInInput): Promise<ActivityRegistration> {
      return withActivity(activityId, async (trx) => {
        const at = now();
        const existing: { id: number } | undefined = await trx('users').where({ email: input.email }).first('id');
        const userId = existing?.id ?? (await insertMember(trx, input, at));
        // A 409 that names the field, as a taken name does elsewhere: the form shows it under the e-mail.
        if (await activities.isRegistered(activityId, userId, trx)) {
          throw new AppError(409, 'conflict', WALK_IN_REGISTERED, [{ field: 'email', message: WALK_IN_REGISTERED }]);
        }
        await activities.addRegistration(activityId, userId, at, trx, at);
        await recordAdminChange(trx, {
          action: 'update',
          entityId: activityId,
          changes: { walkIn: { before: null, after: { userId, newAccount: !existing } } },
        });
        return registrationOf(trx, activityId, userId);
      });
    },
  };
}

async function insertMember(trx: Db, input: WalkInInput, at: Date): Promise<number> {
  const [row] = await trx('users')
    .insert({
      name: input.name,
      email: input.email,
      password_hash: null,
      role: 'member',
      permissions: '{}',
      is_active: true,
      token_version: 0,
      created_at: at,
      updated_at: at,
    })
    .returning('id');
  return (row as { id: number }).id;
}
