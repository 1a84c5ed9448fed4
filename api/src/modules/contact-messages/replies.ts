/**
 * Replies from the console (issue 55 item 4). A reply is kept with its message and goes out through
 * the mail queue (mail/mailer.ts) in the same transaction: the reply exists if and only if its mail is
 * queued. The message becomes replied only once the queue has delivered that mail (markRepliesSent,
 * run by the mailer in the transaction that marks the mail sent), never when the reply is written.
 */
import type { ContactMessageReply, ContactReplyInput, User } from '@npo/shared';
import { clientIdColumn, createOnce, rowWithClientId } from '../../db/client-ids.js';
import type { Db } from '../../db/connection.js';
import { nextRevision } from '../../db/revisions.js';
import { returnedRow, toIso, toIsoOrNull } from '../../db/rows.js';
import type { ContactMessageReplyRow, ContactMessageRow } from '../../db/tables.js';
import type { AppDeps } from '../../deps.js';
import { found } from '../../errors.js';
import { contactReplyMail } from '../../mail/templates.js';
import { recordAdminChange } from '../audit/admin-writes.js';
import { presentContactMessage } from './presenter.js';
import { createContactMessagesRepository, MESSAGE_COLUMNS } from './repository.js';

type ReplyRow = ContactMessageReplyRow & { author_name: string | null; mail_state: string | null };

function presentReply(row: ReplyRow): ContactMessageReply {
  // A queue row that failed for good, or was deleted before it went, will not send the reply.
  const status = row.sent_at ? 'sent' : row.mail_state === null || row.mail_state === 'failed' ? 'failed' : 'sending';
  return {
    id: row.id,
    messageId: row.message_id,
    body: row.body,
    authorName: row.author_name,
    status,
    createdAt: toIso(row.created_at),
    sentAt: toIsoOrNull(row.sent_at),
  };
}

/** Replies with their author's name and their mail's state. */
const repliesWithState = (db: Db) =>
  db('contact_message_replies as reply')
    .leftJoin('users as author', 'author.id', 'reply.author_id')
    .leftJoin('mail_queue as mail', 'mail.id', 'reply.mail_id')
    .select('reply.*', 'author.name as author_name', 'mail.state as mail_state');

/**
 * The mailer's onSent hook for `contact_reply` mails: their replies are sent, and each of their
 * messages that was new or read becomes replied, with a new revision (an archived or held message
 * stays where staff put it).
 */
export async function markRepliesSent(trx: Db, mailIds: number[], now: Date): Promise<void> {
  await trx('contact_message_replies').whereIn('mail_id', mailIds).whereNull('sent_at').update({ sent_at: now });
  await trx('contact_messages')
    .whereIn('id', trx('contact_message_replies').select('message_id').whereIn('mail_id', mailIds))
    .whereIn('state', ['new', 'read'])
    .update({ state: 'replied', ...nextRevision(trx) });
}

export function createContactRepliesService(deps: AppDeps) {
  const replyRow = async (db: Db, id: number) =>
    (await repliesWithState(db).where('reply.id', id).first()) as ReplyRow | undefined;

  async function create(messageId: number, input: ContactReplyInput, author: User): Promise<ContactMessageReply> {
    return deps.db.transaction(async (trx) => {
      const row = await trx<ContactMessageRow>('contact_messages')
        .select(...MESSAGE_COLUMNS)
        .where({ id: messageId })
        .first();
      const message = presentContactMessage(found(row, 'Contact message'));
      const replyTo = await createContactMessagesRepository(trx).activeContactEmail();
      const [mailId] = await deps.mailer.enqueue(trx, contactReplyMail(message, input.body, replyTo));
      const inserted = await trx('contact_message_replies')
        .insert({
          message_id: messageId,
          author_id: author.id,
          body: input.body,
          mail_id: mailId,
          sent_at: null,
          created_at: deps.clock.now(),
          ...clientIdColumn(input),
        })
        .returning('id');
      const id = Number(returnedRow(inserted).id);
      await recordAdminChange(trx, {
        action: 'create',
        entityId: messageId,
        changes: { reply: { after: input.body } },
      });
      return presentReply(found(await replyRow(trx, id), 'Reply'));
    });
  }

  return {
    /** Oldest first, as a conversation reads. */
    async list(messageId: number): Promise<ContactMessageReply[]> {
      found(await deps.db('contact_messages').where({ id: messageId }).first('id'), 'Contact message');
      const rows = (await repliesWithState(deps.db)
        .where('reply.message_id', messageId)
        .orderBy('reply.id')) as ReplyRow[];
      return rows.map(presentReply);
    },

    /** A replay of a console reply (its client id) answers the reply it made: no second mail. */
    create(messageId: number, input: ContactReplyInput, author: User): Promise<ContactMessageReply> {
      const made = async (clientId: string) => {
        const row = await rowWithClientId<ContactMessageReplyRow>(deps.db, 'contact_message_replies', clientId);
        const full = row && (await replyRow(deps.db, row.id));
        return full && presentReply(full);
      };
      return createOnce(input.clientId, made, () => create(messageId, input, author));
    },
  };
}
