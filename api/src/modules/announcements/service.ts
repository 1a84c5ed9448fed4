/**
 * Announcements by e-mail (issue 22 item 2), under the members module's rights. A draft can be edited
 * or deleted; sending queues one mail per recipient of its audience, through the durable mail queue, in
 * the transaction that marks it sent (so it is sent once, or not at all), and from then on it is
 * immutable. A scheduled one is sent by the server at its time (schedule.ts). Every staff write here
 * is audited under the `announcements` module (the routes' auditModule), the scheduled send as well.
 */
import {
  AUDIT_ANNOUNCEMENTS_MODULE,
  AUDIT_AUTH_MODULE,
  type Announcement,
  SEGMENT_MESSAGES,
  TAG_MESSAGES,
  type AnnouncementAudienceValues,
  type AnnouncementBody,
  type AnnouncementPreview,
  type AnnouncementReach,
  type AnnouncementRecipient,
  type MailState,
  type User,
} from '@npo/shared';
import { clientIdColumn, createOnce, rowWithClientId } from '../../db/client-ids.js';
import { ensureRevision, type ExpectedRevision } from '../../db/revisions.js';
import type { Db } from '../../db/connection.js';
import type { Page, PageResult } from '../../db/paging.js';
import { toBool } from '../../db/rows.js';
import type { AnnouncementRow } from '../../db/tables.js';
import type { AppDeps } from '../../deps.js';
import { conflict, found, validationError } from '../../errors.js';
import { recordAdminChange } from '../audit/admin-writes.js';
import { diff, recordAudit, type AuditActor } from '../audit/record.js';
import { createMailQueueRepository } from '../mail-queue/repository.js';
import { presentAnnouncement, presentRecipient } from './presenter.js';
import { announcementFor, announcementTemplate, type AnnouncementContent } from './render.js';
import { createProfilesRepository } from '../profiles/repository.js';
import { membershipTerms } from '../renewals/terms.js';
import { segmentOf, storedSegment } from '../segments/filter.js';
import { createTagsRepository } from '../tags/repository.js';
import { createAnnouncementsRepository, type Audience } from './repository.js';
import { unsubscribeUrl } from './unsubscribe-token.js';

const WHAT = 'Announcement';
export const ALREADY_SENT = 'This announcement has been sent: it can no longer be changed.';
export const TEST_SENT = 'A test was sent to your e-mail address';
const SCHEDULE_IN_PAST = 'Choose a time in the future';
const NO_ACTIVITY = 'Choose an activity that exists';

/** The fields an audit entry records of an announcement (the body cut like any long value). */
function audited(row: AnnouncementRow): Record<string, unknown> {
  return {
    subject: row.subject,
    body: row.body,
    audience: row.audience,
    activity_id: row.activity_id,
    segment: segmentOf(row.segment),
    state: row.state,
    scheduled_at: row.scheduled_at,
  };
}

function notSent(row: AnnouncementRow): void {
  if (row.state === 'sent') throw conflict(ALREADY_SENT);
}

export function createAnnouncementsService(deps: AppDeps) {
  const now = () => deps.clock.now();
  const link = (userId: number) => unsubscribeUrl(deps.config.publicUrl, deps.config.jwtSecret, userId);

  async function withCounts(db: Db, row: AnnouncementRow): Promise<Announcement> {
    const counts = await createAnnouncementsRepository(db).counts([row.id]);
    return presentAnnouncement(row, counts.get(row.id));
  }

  async function ensureActivity(db: Db, body: AnnouncementAudienceValues): Promise<number | null> {
    if (body.audience !== 'activity') return null;
    const activity = await db('activities').where({ id: body.activityId! }).first('id');
    if (!activity) throw validationError([{ field: 'activityId', message: NO_ACTIVITY }]);
    return activity.id;
  }

  /**
   * The audience's columns, its activity and segment checked against what exists: a tag or specialty
   * the lists do not hold is a field error, as an unknown activity is.
   */
  async function audienceColumns(db: Db, body: AnnouncementAudienceValues): Promise<Audience> {
    const activity_id = await ensureActivity(db, body);
    const segment = body.audience === 'members' ? body.segment : null;
    const { tagId, specialtyId } = segment ?? {};
    if (tagId !== undefined && !(await createTagsRepository(db).known([tagId])).has(tagId)) {
      throw validationError([{ field: 'segment.tagId', message: TAG_MESSAGES.unknown }]);
    }
    if (
      specialtyId !== undefined &&
      !(await createProfilesRepository(db).knownSpecialties([specialtyId])).has(specialtyId)
    ) {
      throw validationError([{ field: 'segment.specialtyId', message: SEGMENT_MESSAGES.specialty }]);
    }
    return { audience: body.audience, activity_id, segment: storedSegment(segment) };
  }

  function newDraft(body: AnnouncementBody): Promise<Announcement> {
    return deps.db.transaction(async (trx) => {
      const at = now();
      const row = await createAnnouncementsRepository(trx).insert({
        subject: body.subject,
        body: body.body,
        ...(await audienceColumns(trx, body)),
        state: 'draft',
        scheduled_at: null,
        sent_at: null,
        sent_by: null,
        sent_by_email: null,
        recipient_count: null,
        ...clientIdColumn(body),
        created_at: at,
        updated_at: at,
      });
      await recordAdminChange(trx, { action: 'create', entityId: row.id, changes: diff(undefined, audited(row)) });
      return presentAnnouncement(row);
    });
  }

  /** The held row of an unsent announcement at the expected revision. */
  async function heldUnsent(trx: Db, id: number, expected: ExpectedRevision | undefined): Promise<AnnouncementRow> {
    const row = found(await createAnnouncementsRepository(trx).find(id, { lock: true }), WHAT);
    ensureRevision(presentAnnouncement(row), expected);
    notSent(row);
    return row;
  }

  /** The caller's own mail of the content: what the preview answers and the test send queues. */
  async function ownMail(content: AnnouncementContent, caller: User): Promise<AnnouncementPreview> {
    return announcementFor(await announcementTemplate(content), link(caller.id));
  }

  /**
   * Queues one mail per recipient and marks the announcement sent, all in `trx`. The mails are queued
   * from the audience by INSERT … SELECT statements (the mailer's enqueueComposed), their bodies and
   * unsubscribe links composed at delivery (composer.ts): a 10,000-member send builds no row on the
   * site's thread, and its transaction writes an address and two ids a mail.
   */
  async function dispatch(trx: Db, row: AnnouncementRow, sender: AuditActor, at: Date): Promise<AnnouncementRow> {
    const repository = createAnnouncementsRepository(trx);
    const count = await deps.mailer.enqueueComposed(trx, repository.recipients(row, membershipTerms(deps)), {
      kind: 'announcement',
      subject: row.subject,
      announcementId: row.id,
    });
    const sent = await repository.update(row.id, {
      state: 'sent',
      sent_at: at,
      sent_by: sender.id === null ? null : Number(sender.id),
      sent_by_email: sender.email,
      recipient_count: count,
      updated_at: at,
    });
    await recordAudit(trx, {
      action: 'announcement_sent',
      module: AUDIT_ANNOUNCEMENTS_MODULE,
      entityId: row.id,
      changes: {
        recipients: count,
        audience: row.audience,
        segment: segmentOf(row.segment),
        scheduledAt: row.scheduled_at ?? null,
      },
      actor: sender,
    });
    return sent;
  }

  return {
    async list(page: Page): Promise<PageResult<Announcement>> {
      const repository = createAnnouncementsRepository(deps.db);
      const { items, total } = await repository.page(page);
      const counts = await repository.counts(items.map((row) => row.id));
      return { items: items.map((row) => presentAnnouncement(row, counts.get(row.id))), total };
    },

    get: async (id: number) => withCounts(deps.db, found(await createAnnouncementsRepository(deps.db).find(id), WHAT)),

    /** A replay of a console creation answers the draft it made. */
    create(body: AnnouncementBody): Promise<Announcement> {
      const made = async (clientId: string) => {
        const row = await rowWithClientId<AnnouncementRow>(deps.db, 'announcements', clientId);
        return row && withCounts(deps.db, row);
      };
      return createOnce(body.clientId, made, () => newDraft(body));
    },

    /** A draft or a scheduled announcement (it keeps its time); never a sent one. */
    update(id: number, body: AnnouncementBody, expected: ExpectedRevision | undefined): Promise<Announcement> {
      return deps.db.transaction(async (trx) => {
        const before = await heldUnsent(trx, id, expected);
        const after = await createAnnouncementsRepository(trx).update(id, {
          subject: body.subject,
          body: body.body,
          ...(await audienceColumns(trx, body)),
          updated_at: now(),
        });
        await recordAdminChange(trx, {
          action: 'update',
          entityId: id,
          changes: diff(audited(before), audited(after)),
        });
        return presentAnnouncement(after);
      });
    },

    remove(id: number, expected: ExpectedRevision | undefined): Promise<void> {
      return deps.db.transaction(async (trx) => {
        const row = await heldUnsent(trx, id, expected);
        await createAnnouncementsRepository(trx).remove(id);
        await recordAdminChange(trx, { action: 'delete', entityId: id, changes: diff(audited(row), undefined) });
      });
    },

    /** The recipients a send would queue now, counted as dispatch selects them. */
    async audience(id: number): Promise<AnnouncementReach> {
      const repository = createAnnouncementsRepository(deps.db);
      const row = found(await repository.find(id), WHAT);
      return { recipients: await repository.audienceSize(row, membershipTerms(deps)) };
    },

    /** The recipients an audience (and segment) would have now, before a draft is saved. */
    async reach(body: AnnouncementAudienceValues): Promise<AnnouncementReach> {
      const audience = await audienceColumns(deps.db, body);
      const repository = createAnnouncementsRepository(deps.db);
      return { recipients: await repository.audienceSize(audience, membershipTerms(deps)) };
    },

    preview: (content: AnnouncementContent, caller: User): Promise<AnnouncementPreview> => ownMail(content, caller),

    /** One mail to the caller, marked as a test (its kind and subject); the announcement is unchanged. */
    async sendTest(id: number, caller: User): Promise<void> {
      await deps.db.transaction(async (trx) => {
        const row = found(await createAnnouncementsRepository(trx).find(id), WHAT);
        const mail = await ownMail(row, caller);
        await deps.mailer.enqueue(trx, {
          kind: 'announcement_test',
          to: caller.email,
          ...mail,
          subject: `[Test] ${mail.subject}`,
          announcementId: row.id,
          listUnsubscribe: link(caller.id),
        });
        await recordAdminChange(trx, { action: 'announcement_test_sent', entityId: id, changes: { to: caller.email } });
      });
    },

    /** Sends now (scheduledAt null) or schedules; the sender is recorded either way. */
    send(
      id: number,
      scheduledAt: string | null,
      caller: User,
      expected: ExpectedRevision | undefined,
    ): Promise<Announcement> {
      return deps.db.transaction(async (trx) => {
        const row = await heldUnsent(trx, id, expected);
        const at = now();
        const sender = { id: caller.id, email: caller.email };
        if (scheduledAt === null) return withCounts(trx, await dispatch(trx, row, sender, at));
        const when = new Date(scheduledAt);
        if (when.getTime() <= at.getTime())
          throw validationError([{ field: 'scheduledAt', message: SCHEDULE_IN_PAST }]);
        const scheduled = await createAnnouncementsRepository(trx).update(id, {
          state: 'scheduled',
          scheduled_at: when,
          sent_by: caller.id,
          sent_by_email: caller.email,
          updated_at: at,
        });
        await recordAdminChange(trx, {
          action: 'announcement_scheduled',
          entityId: id,
          changes: { scheduledAt: { before: row.scheduled_at ?? null, after: when.toISOString() } },
        });
        return presentAnnouncement(scheduled);
      });
    },

    unschedule(id: number, expected: ExpectedRevision | undefined): Promise<Announcement> {
      return deps.db.transaction(async (trx) => {
        const row = await heldUnsent(trx, id, expected);
        if (row.state !== 'scheduled') throw conflict('This announcement is not scheduled.');
        const after = await createAnnouncementsRepository(trx).update(id, {
          state: 'draft',
          scheduled_at: null,
          sent_by: null,
          sent_by_email: null,
          updated_at: now(),
        });
        await recordAdminChange(trx, {
          action: 'announcement_unscheduled',
          entityId: id,
          changes: diff(audited(row), audited(after)),
        });
        return presentAnnouncement(after);
      });
    },

    /**
     * Sends every scheduled announcement whose time has come, each in its own transaction that holds
     * its row: on PostgreSQL another instance doing the same waits, then finds it sent, so it goes once.
     */
    async sendDue(): Promise<number> {
      let sent = 0;
      for (const id of await createAnnouncementsRepository(deps.db).dueIds(now())) {
        const done = await deps.db.transaction(async (trx) => {
          const row = await createAnnouncementsRepository(trx).find(id, { lock: true });
          if (!row || row.state !== 'scheduled' || row.scheduled_at === null) return false;
          const at = now();
          if (new Date(row.scheduled_at).getTime() > at.getTime()) return false;
          await dispatch(trx, row, { id: row.sent_by, email: row.sent_by_email }, at);
          return true;
        });
        if (done) sent += 1;
      }
      return sent;
    },

    async recipients(id: number, page: Page, state: MailState | undefined): Promise<PageResult<AnnouncementRecipient>> {
      const repository = createAnnouncementsRepository(deps.db);
      found(await repository.find(id), WHAT);
      return repository.recipientsPage(id, page, state);
    },

    /** A failed recipient's mail due again now (the mail screen's retry, for this announcement's mails). */
    async retryRecipient(id: number, mailId: number): Promise<AnnouncementRecipient> {
      const recipient = await deps.db.transaction(async (trx) => {
        const row = found(await createAnnouncementsRepository(trx).recipientMail(id, mailId), 'Recipient');
        if (row.state !== 'failed') throw conflict(`Only a failed mail can be retried; this one is ${row.state}.`);
        const requeued = found(await createMailQueueRepository(trx).requeue(mailId, now()), 'Recipient');
        const after = presentRecipient({ ...row, state: requeued.state });
        await recordAdminChange(trx, {
          action: 'update',
          entityId: id,
          changes: { mailId, recipient: row.recipient, state: { before: row.state, after: after.state } },
        });
        return after;
      });
      deps.mailer.wake();
      return recipient;
    },
  };
}

/** A member's choice to receive announcements: read and set while signed in, or by one-click unsubscribe. */
export function createAnnouncementPreferences(deps: AppDeps) {
  async function set(userId: number, receive: boolean, actor: AuditActor | undefined): Promise<boolean> {
    return deps.db.transaction(async (trx) => {
      const row = await trx('users').where({ id: userId }).whereNull('erased_at').first('receive_announcements');
      const before = toBool(found(row, 'User').receive_announcements);
      if (before === receive) return receive;
      await trx('users').where({ id: userId }).update({ receive_announcements: receive });
      await recordAudit(trx, {
        action: 'announcements_preference_changed',
        module: AUDIT_AUTH_MODULE,
        entityId: userId,
        changes: { receiveAnnouncements: { before, after: receive } },
        ...(actor !== undefined && { actor }),
      });
      return receive;
    });
  }

  return {
    async get(userId: number): Promise<boolean> {
      const row = await deps.db('users').where({ id: userId }).first('receive_announcements');
      return toBool(found(row, 'User').receive_announcements);
    },
    set: (userId: number, receive: boolean) => set(userId, receive, undefined),
    /** The one-click unsubscribe: no session, so the entry names the account and no actor. */
    async unsubscribe(userId: number): Promise<void> {
      // A signed link of an account erased since: there is nobody left to mail, which is what was asked.
      const exists = await deps.db('users').where({ id: userId }).whereNull('erased_at').first('id');
      if (exists) await set(userId, false, { id: userId, email: null });
    },
  };
}
