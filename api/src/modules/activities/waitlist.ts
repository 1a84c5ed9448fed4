/**
 * Waitlists of full activities (issue 58 item 1). A signed-in person joins the line of a full
 * activity; while anyone is in it, newcomers cannot register (the places freed go to the line, in
 * order). A freed place is offered to the first in line by mail, held for WAITLIST_OFFER_HOURS; taken
 * with the mail's link, it becomes a registration, and not taken in time, the person leaves the line
 * and the place is offered to the next.
 *
 * Offers are made by the activity schedule (schedule.ts) on every instance, one activity at a time in a
 * transaction that holds the activity's row (as registering does): the offer is a conditional update
 * of a waiting row, and its mail is queued in the same transaction, so each offer is made and mailed
 * exactly once whichever instance looks.
 */
import { WAITLIST_ACCEPT_PATH, type Activity, type MyRegistration, type WaitlistEntry } from '@npo/shared';
import type { Knex } from 'knex';
import type { Db } from '../../db/connection.js';
import type { Page, PageResult } from '../../db/table.js';
import { countOf, toIso, toIsoOrNull } from '../../db/rows.js';
import type { AppDeps } from '../../deps.js';
import { conflict, found, notFound } from '../../errors.js';
import { createSecretToken, hashSecretToken } from '../../lib/tokens.js';
import type { CalendarSite } from './calendar.js';
import { queueRegistrationConfirmation } from './confirmation.js';
import { waitlistOfferMail } from './mails.js';
import { createActivitiesRepository } from './repository.js';

export const WAITLIST = 'activity_waitlist';
export const PLACES_LEFT = 'This activity still has places: register instead of joining the waitlist.';
export const ALREADY_WAITLISTED = 'You are already on the waitlist of this activity.';
export const WAITLIST_IS_CLOSED = 'This activity has already taken place; its waitlist is closed.';
export const OFFER_EXPIRED = 'This offer has expired; the place was offered to the next person in line.';
export const OFFER = 'Offer';
export const WAITLIST_ENTRY = 'Waitlist place';

const HOUR_MS = 60 * 60 * 1000;

/** Whether a newcomer may register: a place is free and no one waits for one. */
export function isOpenToNewcomers(activity: Activity): boolean {
  if (activity.capacity === null) return true;
  return activity.waitlisted === 0 && activity.participants < activity.capacity;
}

interface EntryRow {
  user_id: number;
  name: string;
  email: string;
  created_at: Date | string;
  offer_expires_at: Date | string | null;
}

export function createWaitlistService(deps: AppDeps, site: CalendarSite) {
  const { db } = deps;
  const activities = createActivitiesRepository(db);
  const now = () => deps.clock.now();

  /** Offers past their time leave the line (the place is offered again by `offerFreePlaces`). */
  async function dropExpiredOffers(trx: Db, activityId: number): Promise<number> {
    return trx(WAITLIST).where({ activity_id: activityId }).where('offer_expires_at', '<=', now()).delete();
  }

  /**
   * The free places of one activity, each offered to the next one waiting, with its mail; `trx` holds
   * the activity (lockForRegistration). Answers how many offers were made.
   */
  async function offerFreePlaces(trx: Knex.Transaction, activityId: number): Promise<number> {
    await dropExpiredOffers(trx, activityId);
    const activity = await activities.findById(activityId, trx);
    if (!activity || activity.status === 'past') return 0;
    const held = await countOf(trx(WAITLIST).where({ activity_id: activityId }).whereNotNull('offer_expires_at'));
    const free = activity.capacity === null ? Infinity : activity.capacity - activity.participants - held;
    if (free <= 0) return 0;
    const waiting: { id: number; name: string; email: string }[] = await trx(WAITLIST)
      .join('users', 'users.id', `${WAITLIST}.user_id`)
      .where(`${WAITLIST}.activity_id`, activityId)
      .whereNull(`${WAITLIST}.offer_expires_at`)
      .orderBy(`${WAITLIST}.id`)
      .limit(Number.isFinite(free) ? free : 1000)
      .select(`${WAITLIST}.id`, 'users.name', 'users.email');
    const offeredAt = now();
    const expiresAt = new Date(offeredAt.getTime() + deps.config.waitlistOfferHours * HOUR_MS);
    let offered = 0;
    for (const person of waiting) {
      const { token, hash } = createSecretToken();
      // The claim: only a row still waiting becomes an offer, so no offer is made twice.
      const claimed = await trx(WAITLIST)
        .where({ id: person.id })
        .whereNull('offer_expires_at')
        .update({ offered_at: offeredAt, offer_expires_at: expiresAt, offer_token_hash: hash });
      if (claimed === 0) continue;
      const url = `${site.publicUrl}${WAITLIST_ACCEPT_PATH}?token=${encodeURIComponent(token)}`;
      await deps.mailer.enqueue(trx, waitlistOfferMail(person, activity, site, { url, offeredAt, expiresAt }));
      offered += 1;
    }
    return offered;
  }

  /** The standing of `userId`'s entry, or null: its place in the line and any offer's end. */
  async function standingOf(activityId: number, userId: number): Promise<MyRegistration['waitlist']> {
    const entry = await db(WAITLIST).where({ activity_id: activityId, user_id: userId }).first();
    if (!entry) return null;
    const ahead = await countOf(db(WAITLIST).where({ activity_id: activityId }).where('id', '<', entry.id));
    return { position: ahead + 1, offerExpiresAt: toIsoOrNull(entry.offer_expires_at) };
  }

  /** The places of one activity offered, in a transaction that holds its row. */
  const offerFor = (activityId: number): Promise<number> =>
    db.transaction(async (trx) => {
      await activities.lockForRegistration(activityId, trx);
      return offerFreePlaces(trx, activityId);
    });

  return {
    /** One pass over every activity with a line: expired offers dropped, free places offered. */
    async offerDue(): Promise<number> {
      const lines: { activity_id: number }[] = await db(WAITLIST).distinct('activity_id');
      let offered = 0;
      for (const { activity_id: activityId } of lines) offered += await offerFor(activityId);
      return offered;
    },

    /**
     * After a place may have come free (a cancellation, a removal, a raised capacity, a left line):
     * the activity's offers made once the answer has gone, on this instance; the schedule's looks
     * are the fallback.
     */
    offerSoon(activityId: number): void {
      deps.mailer.queueWork(async () => void (await offerFor(activityId)), 'waitlist: offering a free place failed');
    },

    /** Joins the line of a full, upcoming activity; answers the activity with its new count. */
    join(activityId: number, userId: number): Promise<Activity> {
      return db.transaction(async (trx) => {
        await activities.lockForRegistration(activityId, trx);
        const activity = found(await activities.findById(activityId, trx), 'Activity');
        if (activity.status === 'past') throw conflict(WAITLIST_IS_CLOSED);
        if (await activities.isRegistered(activityId, userId, trx))
          throw conflict('You are already registered for this activity.');
        if (await trx(WAITLIST).where({ activity_id: activityId, user_id: userId }).first('id'))
          throw conflict(ALREADY_WAITLISTED);
        if (isOpenToNewcomers(activity)) throw conflict(PLACES_LEFT);
        await trx(WAITLIST).insert({ activity_id: activityId, user_id: userId, created_at: now() });
        return found(await activities.findById(activityId, trx), 'Activity');
      });
    },

    /** Leaves the line, and any place offered: the schedule offers it to the next. */
    async leave(activityId: number, userId: number): Promise<Activity> {
      const removed = await db(WAITLIST).where({ activity_id: activityId, user_id: userId }).delete();
      if (removed === 0) {
        found(await activities.findById(activityId), 'Activity');
        throw notFound(WAITLIST_ENTRY);
      }
      return found(await activities.findById(activityId), 'Activity');
    },

    /** The offer's place taken with its link's token: the person is registered and leaves the line. */
    accept(token: string): Promise<Activity> {
      return db.transaction(async (trx) => {
        const offer = await trx(WAITLIST)
          .where({ offer_token_hash: hashSecretToken(token) })
          .first();
        if (!offer) throw notFound(OFFER);
        await activities.lockForRegistration(offer.activity_id, trx);
        // Read again under the lock: the schedule may have just dropped it.
        const held = await trx(WAITLIST).where({ id: offer.id }).first();
        if (!held?.offer_expires_at) throw notFound(OFFER);
        if (new Date(held.offer_expires_at).getTime() <= now().getTime()) throw conflict(OFFER_EXPIRED);
        const activity = found(await activities.findById(held.activity_id, trx), 'Activity');
        if (activity.status === 'past') throw conflict(WAITLIST_IS_CLOSED);
        await trx(WAITLIST).where({ id: held.id }).delete();
        // The place was held for them, so no capacity check; registered meanwhile, they keep the one
        // (and its code, already mailed). A new registration is confirmed like any other.
        if (await activities.isRegistered(held.activity_id, held.user_id, trx)) {
          return found(await activities.findById(held.activity_id, trx), 'Activity');
        }
        const checkInCode = await activities.addRegistration(held.activity_id, held.user_id, now(), trx);
        const after = found(await activities.findById(held.activity_id, trx), 'Activity');
        await queueRegistrationConfirmation(deps, trx, site, { activity: after, userId: held.user_id, checkInCode });
        return after;
      });
    },

    standingOf,

    /** The line as staff see it, first in line first. */
    async entries(activityId: number, { page, limit }: Page): Promise<PageResult<WaitlistEntry>> {
      found(await activities.findById(activityId), 'Activity');
      const line = () =>
        db(WAITLIST).join('users', 'users.id', `${WAITLIST}.user_id`).where(`${WAITLIST}.activity_id`, activityId);
      const offset = (page - 1) * limit;
      const [rows, total] = await Promise.all([
        line()
          .orderBy(`${WAITLIST}.id`)
          .limit(limit)
          .offset(offset)
          .select(
            'users.id as user_id',
            'users.name',
            'users.email',
            `${WAITLIST}.created_at`,
            `${WAITLIST}.offer_expires_at`,
          )
          .then((found) => found as EntryRow[]),
        countOf(line()),
      ]);
      const items = rows.map((row, index) => ({
        userId: row.user_id,
        name: row.name,
        email: row.email,
        position: offset + index + 1,
        joinedAt: toIso(row.created_at),
        offerExpiresAt: toIsoOrNull(row.offer_expires_at),
      }));
      return { items, total };
    },
  };
}

export type WaitlistService = ReturnType<typeof createWaitlistService>;
