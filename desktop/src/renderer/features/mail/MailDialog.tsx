/**
 * One queued mail (issue 55 item 10): recipient, subject, kind, state, attempts, last error and its
 * times, then the plain-text body while it is kept (until the mail is sent). The server hides the token of every link in the body
 * (resets, invitations and welcomes sign in with them), so nothing here acts as the recipient.
 */
import { Callout, Dialog, DialogBody, Tag } from '@blueprintjs/core';
import { formatAdminDate, MAIL_KIND_LABELS, MAIL_STATE_LABELS, type MailQueueMail } from '@npo/shared';
import { useQuery } from '@tanstack/react-query';
import { useId } from 'react';
import { api } from '../../api/client';
import { queryKeys } from '../../api/query-keys';
import { LoadError, Loading } from '../../ui/states';
import { STATE_INTENTS } from './mail-states';

function facts(mail: MailQueueMail): [string, string][] {
  return [
    ['Recipient', mail.recipient],
    ['Subject', mail.subject],
    ['Kind', MAIL_KIND_LABELS[mail.kind] ?? mail.kind],
    ['Tries', String(mail.attempts)],
    ['Queued', formatAdminDate(mail.createdAt)],
    mail.sentAt
      ? ['Sent', formatAdminDate(mail.sentAt)]
      : ['Next try', mail.state === 'failed' ? '—' : formatAdminDate(mail.nextAttemptAt)],
  ];
}

function MailDetail({ mail }: { mail: MailQueueMail }) {
  const headingId = useId();
  return (
    <>
      <dl className="audit-facts">
        <div>
          <dt>State</dt>
          <dd>
            <Tag intent={STATE_INTENTS[mail.state]} minimal={mail.state !== 'failed'}>
              {MAIL_STATE_LABELS[mail.state] ?? mail.state}
            </Tag>
          </dd>
        </div>
        {facts(mail).map(([term, value]) => (
          <div key={term}>
            <dt>{term}</dt>
            <dd className="break-all">{value}</dd>
          </div>
        ))}
      </dl>
      {mail.lastError && (
        <Callout intent="danger" title="Last error" className="mail-last-error">
          <span className="break-all">{mail.lastError}</span>
        </Callout>
      )}
      <h3 className="mail-text-heading" id={headingId}>
        Text of the mail
      </h3>
      {mail.text === null ? (
        <p className="muted">Not kept: the text of a mail is deleted once it has been sent.</p>
      ) : (
        <>
          {/* A long body scrolls: focusable, so it scrolls from the keyboard too. */}
          <pre className="mail-text" data-testid="mail-text" tabIndex={0} role="region" aria-labelledby={headingId}>
            {mail.text}
          </pre>
          <p className="muted">Sign-in and unsubscribe links are shown without their token.</p>
        </>
      )}
    </>
  );
}

export function MailDialog({ id, onClose }: { id: number; onClose: () => void }) {
  // The worker changes a mail all the time: read afresh each time it is opened.
  const query = useQuery({
    queryKey: [...queryKeys.mail, 'detail', id],
    queryFn: () => api.admin.mail.get(id),
    staleTime: 0,
  });
  return (
    <Dialog isOpen onClose={onClose} title="Mail details" icon="envelope" className="audit-dialog">
      <DialogBody>
        {query.data ? (
          <MailDetail mail={query.data} />
        ) : query.isError ? (
          <LoadError title="Failed to load the mail" onRetry={() => void query.refetch()} />
        ) : (
          <Loading />
        )}
      </DialogBody>
    </Dialog>
  );
}
