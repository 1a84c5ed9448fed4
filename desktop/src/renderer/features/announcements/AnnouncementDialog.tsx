/**
 * One announcement: a draft's preview, test, send and schedule; a scheduled one's cancel; and, once
 * sent, the live progress of its mails (read again every FOLLOW_MS while some wait) and the list of
 * its recipients by state, where a failed one is retried.
 */
import { Button, Dialog, DialogBody, DialogFooter, HTMLSelect, HTMLTable, ProgressBar } from '@blueprintjs/core';
import {
  ANNOUNCEMENT_AUDIENCE_LABELS,
  ANNOUNCEMENT_RECIPIENTS_PAGE_SIZE,
  countryName,
  formatAdminDate,
  MAIL_STATE_LABELS,
  MAIL_STATES,
  MEMBERSHIP_STATUS_LABELS,
  type Announcement,
  type AnnouncementRecipient,
  type MailState,
} from '@npo/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useId, useRef, useState } from 'react';
import { api } from '../../api/client';
import { queryKeys } from '../../api/query-keys';
import { formatLocalDateTime } from '../../ui/dates';
import { ListPager, useDialogList } from '../../ui/ListControls';
import { LoadError, Loading } from '../../ui/states';
import { TableHead, type TableColumn } from '../../ui/TableHead';
import { useActivityOptions } from '../members/MemberFilters';
import { ScheduleDialog } from '../versioned/ScheduleDialog';
import { PreviewButton } from './AnnouncementPreview';
import { StateTag } from './AnnouncementsTable';
import { useAnnouncementActions } from './useAnnouncementActions';

/** While mails of it wait, the screen looks again this often. */
const FOLLOW_MS = 1000;
const HOUR_MS = 3_600_000;

const sending = (item: Announcement | undefined) => item?.state === 'sent' && item.counts.queued > 0;

function Progress({ item }: { item: Announcement }) {
  const { queued, sent, failed } = item.counts;
  const total = item.recipientCount ?? queued + sent + failed;
  const done = total === 0 ? 1 : (sent + failed) / total;
  const percent = Math.round(done * 100);
  return (
    <section className="announcement-progress" aria-label="Progress">
      <p id="announcement-progress-label">
        {queued > 0 ? 'Sending' : 'Finished'}: {percent} % ({sent} of {total} sent)
      </p>
      <ProgressBar
        value={done}
        intent={failed > 0 ? 'warning' : 'success'}
        animate={queued > 0}
        stripes={queued > 0}
        aria-labelledby="announcement-progress-label"
      />
      <dl className="announcement-counts">
        <dt>Queued</dt>
        <dd data-testid="count-queued">{queued}</dd>
        <dt>Sent</dt>
        <dd data-testid="count-sent">{sent}</dd>
        <dt>Failed</dt>
        <dd data-testid="count-failed">{failed}</dd>
      </dl>
    </section>
  );
}

const RECIPIENT_COLUMNS: TableColumn<never>[] = [
  { label: 'Recipient' },
  { label: 'State' },
  { label: 'Attempts' },
  { label: 'Last error' },
  { label: 'Sent' },
  { label: 'Actions', look: 'hidden' },
];

const isState = (value: string): value is MailState => MAIL_STATES.some((state) => state === value);

function Recipients({ item, canEdit }: { item: Announcement; canEdit: boolean }) {
  const filterId = useId();
  const [state, setState] = useState<MailState | undefined>();
  const list = useDialogList(ANNOUNCEMENT_RECIPIENTS_PAGE_SIZE);
  const { page, limit } = list.params;
  const filterRef = useRef<HTMLSelectElement>(null);
  const actions = useAnnouncementActions();
  // A retried row leaves the "Failed" filter: focus goes to the filter, not lost outside the dialog.
  const retry = (recipient: AnnouncementRecipient) => {
    actions.retry(item, recipient);
    filterRef.current?.focus();
  };
  const query = useQuery({
    queryKey: [...queryKeys.announcements, item.id, 'recipients', state ?? 'all', page],
    queryFn: () => api.admin.announcements.recipients(item.id, { page, limit, ...(state && { state }) }),
    placeholderData: keepPreviousData,
    // Followed while a mail on screen is on its way (the counts above may finish first).
    refetchInterval: (current) =>
      current.state.data?.recipients.some((mail) => mail.state === 'queued' || mail.state === 'sending')
        ? FOLLOW_MS
        : false,
  });
  const recipients = query.data?.recipients ?? [];
  return (
    <section className="member-section">
      <h3>Recipients</h3>
      <label htmlFor={filterId} className="announcement-filter">
        State{' '}
        <HTMLSelect
          ref={filterRef}
          id={filterId}
          value={state ?? ''}
          onChange={(event) => {
            setState(isState(event.currentTarget.value) ? event.currentTarget.value : undefined);
            list.setPage(1);
          }}
          options={[
            { value: '', label: 'All' },
            ...MAIL_STATES.map((value) => ({ value, label: MAIL_STATE_LABELS[value] })),
          ]}
        />
      </label>
      {query.isError && <LoadError title="Failed to load the recipients" onRetry={() => void query.refetch()} />}
      <div className="table-scroll">
        <HTMLTable compact striped className="announcement-recipients" aria-label="Recipients">
          <TableHead columns={RECIPIENT_COLUMNS} />
          <tbody>
            {recipients.map((recipient) => (
              <tr key={recipient.mailId} data-testid="recipient-row" data-state={recipient.state}>
                <td className="break-all">{recipient.recipient}</td>
                <td>{MAIL_STATE_LABELS[recipient.state]}</td>
                <td>{recipient.attempts}</td>
                <td className="break-all">{recipient.lastError ?? '—'}</td>
                <td>
                  {recipient.sentAt ? (
                    <time dateTime={recipient.sentAt}>{formatAdminDate(recipient.sentAt)}</time>
                  ) : (
                    '—'
                  )}
                </td>
                <td className="cell-actions">
                  {canEdit && recipient.state === 'failed' && (
                    <Button
                      icon="refresh"
                      variant="minimal"
                      text="Retry"
                      aria-label={`Retry the mail to ${recipient.recipient}`}
                      disabled={actions.retryingId === recipient.mailId}
                      onClick={() => retry(recipient)}
                    />
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </HTMLTable>
      </div>
      {query.data && recipients.length === 0 && <p className="bp6-text-muted">No recipient in this state.</p>}
      <ListPager
        list={list}
        pagination={query.data?.pagination}
        noun={['recipient', 'recipients']}
        label="Recipient pages"
      />
    </section>
  );
}

/** The activity's title, as the compose form's picker lists it. */
function ActivityName({ id }: { id: number }) {
  const label = useActivityOptions(String(id)).find((option) => option.value === String(id))?.label;
  return <>: {label}</>;
}

/** "tag Mentors, Kenya, Sports nutrition, membership lapsed": the segment's criteria by their names. */
function SegmentText({ segment }: { segment: NonNullable<Announcement['segment']> }) {
  const tags = useQuery({ queryKey: ['tags'], queryFn: () => api.admin.members.tags() });
  const specialties = useQuery({ queryKey: ['specialties'], queryFn: () => api.content.specialties() });
  const parts = [
    segment.tagId !== undefined &&
      `tag ${tags.data?.find((tag) => tag.id === segment.tagId)?.name ?? `#${segment.tagId}`}`,
    segment.country && countryName(segment.country),
    segment.specialtyId !== undefined &&
      (specialties.data?.find((specialty) => specialty.id === segment.specialtyId)?.name ??
        `specialty #${segment.specialtyId}`),
    segment.membership && `membership ${MEMBERSHIP_STATUS_LABELS[segment.membership].toLowerCase()}`,
  ].filter(Boolean);
  return <>, segment: {parts.join(', ')}</>;
}

function Summary({ item }: { item: Announcement }) {
  return (
    <dl className="announcement-summary">
      <dt>State</dt>
      <dd>
        <StateTag item={item} />
      </dd>
      <dt>Audience</dt>
      <dd>
        {ANNOUNCEMENT_AUDIENCE_LABELS[item.audience]}
        {item.activityId !== null && <ActivityName id={item.activityId} />}
        {item.segment && <SegmentText segment={item.segment} />}
      </dd>
      {item.scheduledAt && item.state === 'scheduled' && (
        <>
          <dt>Scheduled for</dt>
          <dd>{formatLocalDateTime(item.scheduledAt)}</dd>
        </>
      )}
      {item.sentAt && (
        <>
          <dt>Sent</dt>
          <dd>
            {formatAdminDate(item.sentAt)} by {item.sentByEmail ?? 'an erased account'} to {item.recipientCount ?? 0}
          </dd>
        </>
      )}
    </dl>
  );
}

interface AnnouncementDialogProps {
  id: number;
  canEdit: boolean;
  canDelete: boolean;
  onEdit: (item: Announcement) => void;
  onDelete: (item: Announcement) => void;
  onClose: () => void;
}

function DraftActions({ item, onEdit }: { item: Announcement; onEdit: (item: Announcement) => void }) {
  const actions = useAnnouncementActions();
  // The time the schedule dialog starts at (an hour from when it opens); null while closed.
  const [scheduleFrom, setScheduleFrom] = useState<Date | null>(null);
  return (
    <div className="announcement-actions">
      {item.state === 'draft' && <Button icon="edit" text="Edit" onClick={() => onEdit(item)} />}
      <Button icon="envelope" text="Send test" disabled={actions.busy} onClick={() => actions.sendTest(item)} />
      {item.state === 'draft' ? (
        <>
          <Button
            icon="time"
            text="Schedule…"
            disabled={actions.busy}
            onClick={() => setScheduleFrom(new Date(Date.now() + HOUR_MS))}
          />
          <Button
            icon="send-message"
            intent="primary"
            text="Send now"
            disabled={actions.busy}
            onClick={() => void actions.sendNow(item)}
          />
        </>
      ) : (
        <Button icon="cross" text="Cancel schedule" disabled={actions.busy} onClick={() => actions.unschedule(item)} />
      )}
      <ScheduleDialog
        key={scheduleFrom?.getTime() ?? 0}
        label={scheduleFrom ? 'announcement' : null}
        initial={scheduleFrom ?? new Date(0)}
        lead="The announcement is sent at this time"
        onClose={() => setScheduleFrom(null)}
        onSchedule={(at) => actions.schedule(item, at)}
      />
    </div>
  );
}

export function AnnouncementDialog({ id, canEdit, canDelete, onEdit, onDelete, onClose }: AnnouncementDialogProps) {
  const query = useQuery({
    queryKey: [...queryKeys.announcements, id],
    queryFn: () => api.admin.announcements.get(id),
    staleTime: 0,
    refetchInterval: (current) => (sending(current.state.data) ? FOLLOW_MS : false),
  });
  const item = query.data;
  return (
    <Dialog
      isOpen
      onClose={onClose}
      title={item?.subject ?? 'Announcement'}
      icon="notifications"
      style={{ width: 820, maxWidth: 'calc(100vw - 32px)' }}
    >
      <DialogBody>
        {query.isPending && <Loading />}
        {query.isError && <LoadError title="Failed to load the announcement" onRetry={() => void query.refetch()} />}
        {item && (
          <>
            <Summary item={item} />
            {item.state === 'sent' ? (
              <>
                <Progress item={item} />
                <Recipients item={item} canEdit={canEdit} />
              </>
            ) : (
              <>
                {canEdit && <DraftActions item={item} onEdit={onEdit} />}
                <PreviewButton content={item} />
              </>
            )}
          </>
        )}
      </DialogBody>
      <DialogFooter
        actions={
          <>
            {item && item.state !== 'sent' && canDelete && (
              <Button icon="trash" intent="danger" text="Delete" onClick={() => onDelete(item)} />
            )}
            <Button text="Close" onClick={onClose} />
          </>
        }
      />
    </Dialog>
  );
}
