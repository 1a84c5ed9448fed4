/**
 * Replying from the console (issue 55 item 4): the reply goes out through the server's mail queue and
 * is kept with the message. Its status follows the queue (sending, sent, failed) while it is on its way;
 * the message shows "Replied" once the mail went out, which the server decides, not this screen.
 */
import { Button, Callout, FormGroup, Tag, TextArea } from '@blueprintjs/core';
import {
  CONTACT_REPLY_MAX,
  ROUTES,
  changeOf,
  formatAdminDate,
  type ContactMessage,
  type ContactMessageReply,
} from '@npo/shared';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useRef, useState } from 'react';
import { api } from '../../api/client';
import { queryKeys } from '../../api/query-keys';
import { useAdminMutation } from '../../data/useAdminMutation';

/** How often a reply on its way is looked at again. */
const FOLLOW_MS = 2000;

const STATUS_TAGS: Record<ContactMessageReply['status'], { text: string; intent: 'none' | 'success' | 'danger' }> = {
  sending: { text: 'Sending…', intent: 'none' },
  sent: { text: 'Sent', intent: 'success' },
  failed: { text: 'Not sent', intent: 'danger' },
};

const repliesKey = (id: number) => [...queryKeys.contactMessages, 'replies', id] as const;

function ReplyItem({ reply }: { reply: ContactMessageReply }) {
  const tag = STATUS_TAGS[reply.status];
  return (
    <li className="reply-item" data-testid="reply" data-status={reply.status}>
      <p className="item-meta">
        {reply.authorName ?? 'A former staff member'} · {formatAdminDate(reply.sentAt ?? reply.createdAt)}{' '}
        <Tag minimal intent={tag.intent}>
          {tag.text}
        </Tag>
      </p>
      <p className="message-text">{reply.body}</p>
      {reply.status === 'failed' && (
        <p className="muted">The mail server refused it. A super admin can see why under Mail, and try again there.</p>
      )}
    </li>
  );
}

export function MessageReplies({ message, canReply }: { message: ContactMessage; canReply: boolean }) {
  const queryClient = useQueryClient();
  const query = useQuery({
    queryKey: repliesKey(message.id),
    queryFn: () => api.admin.contactMessages.replies(message.id),
    refetchInterval: (current) => (current.state.data?.some((reply) => reply.status === 'sending') ? FOLLOW_MS : false),
  });
  const replies = query.data ?? [];

  // Once a reply went out the server has marked the message replied: the list shows it.
  const sent = replies.filter((reply) => reply.status === 'sent').length;
  const seenSent = useRef(sent);
  useEffect(() => {
    if (sent > seenSent.current)
      void queryClient.invalidateQueries({ queryKey: queryKeys.contactMessages, exact: false });
    seenSent.current = sent;
  }, [sent, queryClient]);

  const [body, setBody] = useState('');
  const fieldId = useId();
  const send = useAdminMutation<string, ContactMessageReply>({
    change: (text) => ({
      ...changeOf(ROUTES.contactMessages.reply, { params: { id: message.id }, body: { body: text } }),
      label: `Reply to ${message.name}`,
      creates: true,
    }),
    success: 'Reply queued. The message shows as Replied once the mail has gone out.',
    failure: 'Failed to send the reply',
  });

  return (
    <section className="message-replies" aria-label={`Replies to ${message.name}`}>
      {replies.length > 0 && (
        <ul className="reply-list" role="list" aria-label="Replies">
          {replies.map((reply) => (
            <ReplyItem key={reply.id} reply={reply} />
          ))}
        </ul>
      )}
      {query.isError && <Callout intent="warning">Failed to load the replies.</Callout>}
      {canReply && (
        <form
          className="reply-form"
          onSubmit={(event) => {
            event.preventDefault();
            if (!body.trim()) return;
            send.mutate(body, { onSuccess: () => setBody('') });
          }}
        >
          <FormGroup
            label={`Reply to ${message.email}`}
            labelFor={fieldId}
            helperText="Sent by e-mail from the organisation's address; the visitor's answer comes back to the contact e-mail."
          >
            <TextArea
              id={fieldId}
              fill
              rows={4}
              value={body}
              maxLength={CONTACT_REPLY_MAX}
              onChange={(event) => setBody(event.currentTarget.value)}
            />
          </FormGroup>
          <Button
            type="submit"
            intent="primary"
            icon="send-message"
            text="Send reply"
            loading={send.isPending}
            disabled={!body.trim()}
          />
        </form>
      )}
    </section>
  );
}
