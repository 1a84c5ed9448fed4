/**
 * An activity's attendee list: searchable, sortable by name or registration time, paged like the other
 * admin lists; staff with edit permission take attendance (AttendanceControls.tsx), remove an
 * attendee (after a confirmation) and e-mail the attendees (MailAttendeesDialog), and anyone who may
 * view exports the list as CSV (when it has anyone) and reads the waitlist (WaitlistSection).
 */
import { Button, Dialog, DialogBody, DialogFooter, HTMLTable } from '@blueprintjs/core';
import {
  ROUTES,
  changeOf,
  formatAdminDate,
  PAGE_SIZES,
  type Activity,
  type ActivityRegistration,
  type RegistrationsFilter,
} from '@npo/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { api } from '../../api/client';
import { describeError } from '../../api/errors';
import { queryKeys } from '../../api/query-keys';
import { useAdminMutation } from '../../data/useAdminMutation';
import { useConfirm } from '../../ui/ConfirmProvider';
import { saveDownload } from '../../ui/download';
import { ListPager, ListSearch, useDialogList } from '../../ui/ListControls';
import { ListStates } from '../../ui/ListStates';
import { TableHead, type TableColumn } from '../../ui/TableHead';
import { notifyFailure } from '../../ui/toaster';
import { MailAttendeesDialog } from './MailAttendeesDialog';
import { WaitlistSection } from './WaitlistSection';
import { AttendedCheckbox, CheckInForm, MarkAllButton, WalkInForm } from './AttendanceControls';
import './attendees.css';

type Sort = Pick<RegistrationsFilter, 'sort' | 'order'>;

const registrationsKey = (activityId: number, params: object) =>
  // Under the activities key, so that every activities change refreshes the open list too.
  [...queryKeys.activities, activityId, 'registrations', params] as const;

const columnsOf = (canEdit: boolean): (TableColumn<Sort['sort']> | false)[] => [
  { label: 'Name', sort: 'name' },
  { label: 'E-mail' },
  { label: 'Registered at (UTC)', sort: 'registeredAt' },
  { label: 'Attended' },
  canEdit && { label: 'Actions', look: 'muted' },
];

function useRemoveAttendee(activity: Activity) {
  const confirm = useConfirm();
  const remove = useAdminMutation<ActivityRegistration>({
    change: (attendee) => ({
      ...changeOf(ROUTES.activities.removeRegistration, { params: { id: activity.id, userId: attendee.userId } }),
      label: `Remove ${attendee.name} from “${activity.title}”`,
    }),
    success: (_result, attendee) => `${attendee.name} removed`,
    failure: 'Failed to remove the registration',
  });
  return async (attendee: ActivityRegistration) => {
    const message = `Remove ${attendee.name} from “${activity.title}”? Their place becomes free.`;
    if (await confirm({ message, confirmText: 'Remove' })) remove.mutate(attendee);
  };
}

function ExportButton({ activity, filter }: { activity: Activity; filter: Partial<RegistrationsFilter> }) {
  const [busy, setBusy] = useState(false);
  const exportCsv = async () => {
    setBusy(true);
    try {
      const csv = await api.admin.activities.exportRegistrations(activity.id, filter);
      saveDownload(csv, `activity-${activity.id}-registrations.csv`);
    } catch (error) {
      notifyFailure(describeError(error, 'Failed to export the attendees'));
    } finally {
      setBusy(false);
    }
  };
  // Nothing to export before anyone registered: a file of one header row helps no one.
  return (
    <Button
      icon="download"
      text="Export CSV"
      loading={busy}
      disabled={activity.participants === 0}
      onClick={() => void exportCsv()}
    />
  );
}

interface AttendeesDialogProps {
  activity: Activity;
  canEdit: boolean;
  onClose: () => void;
}

export function AttendeesDialog({ activity, canEdit, onClose }: AttendeesDialogProps) {
  const list = useDialogList(PAGE_SIZES.registrations);
  const [sort, setSort] = useState<Sort>({ sort: 'name', order: 'asc' });
  const params = { ...list.params, ...sort };
  const query = useQuery({
    queryKey: registrationsKey(activity.id, params),
    queryFn: () => api.admin.activities.registrations(activity.id, params),
    placeholderData: keepPreviousData,
  });
  const confirmRemove = useRemoveAttendee(activity);
  const rows = query.data?.registrations ?? [];
  const capacity = activity.capacity === null ? '' : ` of ${activity.capacity} places`;
  const waitlisted = activity.waitlisted > 0 ? ` · ${activity.waitlisted} on the waitlist` : '';
  const [mailing, setMailing] = useState(false);

  return (
    <Dialog isOpen onClose={onClose} title={`Attendees: ${activity.title}`} icon="people" className="attendees-dialog">
      <DialogBody>
        <div className="section-toolbar">
          <p className="section-count">
            {activity.participants} registered{capacity} · {activity.attended} attended{waitlisted}
          </p>
          {canEdit && <MarkAllButton activity={activity} />}
          <ListSearch list={list} label="Search attendees by name or email" placeholder="Search by name or email" />
        </div>
        {canEdit && (
          <div className="attendance-forms">
            <CheckInForm activity={activity} />
            <WalkInForm activity={activity} />
          </div>
        )}
        <ListStates
          query={query}
          loadError="Failed to load attendees"
          isEmpty={rows.length === 0}
          empty={list.q ? 'No attendee matches the search.' : 'No one has registered yet.'}
        >
          <HTMLTable compact striped className="attendees-table" aria-label="Attendees">
            <TableHead columns={columnsOf(canEdit)} sort={sort} onSort={setSort} />
            <tbody>
              {rows.map((attendee) => (
                <tr key={attendee.userId}>
                  <td>{attendee.name}</td>
                  <td>
                    <a href={`mailto:${attendee.email}`}>{attendee.email}</a>
                  </td>
                  <td>
                    <time dateTime={attendee.registeredAt}>{formatAdminDate(attendee.registeredAt)}</time>
                  </td>
                  <td>
                    {canEdit ? (
                      <AttendedCheckbox activity={activity} attendee={attendee} />
                    ) : attendee.attendedAt ? (
                      'Yes'
                    ) : (
                      '—'
                    )}
                  </td>
                  {canEdit && (
                    <td>
                      <Button
                        size="small"
                        variant="minimal"
                        intent="danger"
                        icon="remove"
                        text="Remove"
                        aria-label={`Remove ${attendee.name}`}
                        onClick={() => void confirmRemove(attendee)}
                      />
                    </td>
                  )}
                </tr>
              ))}
            </tbody>
          </HTMLTable>
        </ListStates>
        <ListPager
          list={list}
          pagination={query.data?.pagination}
          noun={['attendee', 'attendees']}
          label="Attendee pages"
        />
        {(activity.capacity !== null || activity.waitlisted > 0) && <WaitlistSection activity={activity} />}
      </DialogBody>
      <DialogFooter
        // The header's close button closes it: a second "Close" would be two controls of one name.
        actions={
          <>
            {canEdit && <Button icon="envelope" text="E-mail attendees" onClick={() => setMailing(true)} />}
            <ExportButton activity={activity} filter={{ ...sort, ...(list.q && { q: list.q }) }} />
          </>
        }
      />
      {mailing && <MailAttendeesDialog activity={activity} canEdit={canEdit} onClose={() => setMailing(false)} />}
    </Dialog>
  );
}
