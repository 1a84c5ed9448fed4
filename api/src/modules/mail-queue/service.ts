/**
 * The mail screen's rules (issue 25 item 2, super admins only). Only a failed mail is retried or
 * discarded: anything else is the worker's (409). A retry makes the mail due now with its attempt
 * count and last error kept (the count says how often it was tried in all), and wakes the worker once
 * the change has committed. It does not reopen the 24 hours of automatic retries: past them, a
 * retried mail that fails again, even for a passing reason, is failed again at once. A discard
 * deletes the row. Both are audited (module `mail`) with the fields the screen shows, never a body.
 */
import type { MailQueueFilter, MailQueueItem, MailQueueMail } from '@npo/shared';
import { ensureRevision, type ExpectedRevision } from '../../db/revisions.js';
import type { Page, PageResult } from '../../db/paging.js';
import type { AppDeps } from '../../deps.js';
import { conflict, notFound } from '../../errors.js';
import { recordAdminChange } from '../audit/admin-writes.js';
import { diff } from '../audit/record.js';
import { presentMail, type ShownMailRow } from './presenter.js';
import { createMailQueueRepository, type MailQueueOrder } from './repository.js';

const WHAT = 'Mail';

function onlyFailed(row: ShownMailRow, action: 'retried' | 'discarded'): void {
  if (row.state !== 'failed') throw conflict(`Only a failed mail can be ${action}; this one is ${row.state}.`);
}

/**
 * The mail as the audit entry records it: the screen's fields without the id (the entry's entity)
 * and without the subject, which the log has no need to keep (a reply's subject is a member's words).
 */
function audited(item: MailQueueItem): Record<string, unknown> {
  const { id: _id, subject: _subject, ...fields } = item;
  return fields;
}

export function createMailQueueService(deps: AppDeps) {
  const mails = createMailQueueRepository(deps.db);
  return {
    page: (page: Page, filter: MailQueueFilter, order?: MailQueueOrder): Promise<PageResult<MailQueueItem>> =>
      mails.page(page, filter, order),

    async get(id: number): Promise<MailQueueMail> {
      const mail = await mails.findWithText(id);
      if (!mail) throw notFound(WHAT);
      return mail;
    },

    async retry(id: number): Promise<MailQueueItem> {
      const item = await deps.db.transaction(async (trx) => {
        const repository = createMailQueueRepository(trx);
        const row = await repository.findLocked(id);
        if (!row) throw notFound(WHAT);
        onlyFailed(row, 'retried');
        const requeued = await repository.requeue(id, deps.clock.now());
        if (!requeued) throw notFound(WHAT);
        const before = presentMail(row);
        const after = presentMail(requeued);
        await recordAdminChange(trx, {
          action: 'update',
          entityId: id,
          changes: diff(audited(before), audited(after)),
        });
        return after;
      });
      deps.mailer.wake();
      return item;
    },

    async discard(id: number, expected: ExpectedRevision | undefined): Promise<void> {
      await deps.db.transaction(async (trx) => {
        const repository = createMailQueueRepository(trx);
        const row = await repository.findLocked(id);
        if (!row) throw notFound(WHAT);
        const item = presentMail(row);
        // A stale screen sees the change first (409 with the mail as it is now), then the rule.
        ensureRevision(item, expected);
        onlyFailed(row, 'discarded');
        if (!(await repository.remove(id))) throw notFound(WHAT);
        await recordAdminChange(trx, { action: 'delete', entityId: id, changes: diff(audited(item), undefined) });
      });
    },
  };
}
