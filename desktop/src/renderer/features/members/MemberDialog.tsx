/**
 * One member: profile, join date, last sign-in, CPD hours, registrations (upcoming and past, with
 * attendance) and the newest
 * contact messages sent from their e-mail address once they have proved it. Read only, but for deactivate/reactivate and, for
 * staff with members:delete, erasure (members' data rights) after a confirmation.
 */
import { Button, Dialog, DialogBody, DialogFooter, HTMLTable, Tag } from '@blueprintjs/core';
import { ROUTES, changeOf, formatAdminDate, formatCpdHours, type Member, type MemberRegistration } from '@npo/shared';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../api/client';
import { queryKeys } from '../../api/query-keys';
import { useAdminMutation } from '../../data/useAdminMutation';
import { useModuleAccess } from '../../data/useModuleAccess';
import { useConfirm } from '../../ui/ConfirmProvider';
import { LoadError, Loading } from '../../ui/states';
import { useOrganisationTimeName } from '../activities/organisation-time';
import { MembershipFact } from './MemberMembership';
import { MemberProfileSection } from './MemberProfile';
import { MemberTags } from './MemberTags';

/** Attended, with the activity's CPD hours when it gives any; nothing for an upcoming one. */
function attendanceText(row: MemberRegistration): string {
  if (row.attendedAt === null) return row.status === 'past' ? 'Not recorded' : '—';
  return row.cpdHours === null ? 'Attended' : `Attended · ${formatCpdHours(row.cpdHours)} CPD`;
}

/**
 * An activity's date is the organisation's wall clock, labelled with its zone as the Activities screen
 * does; when they registered is an instant, in UTC as in the activity's attendees.
 */
function Registrations({ title, rows, zoneName }: { title: string; rows: MemberRegistration[]; zoneName: string }) {
  return (
    <section className="member-section">
      <h3>{title}</h3>
      {rows.length === 0 ? (
        <p className="bp6-text-muted">None.</p>
      ) : (
        <HTMLTable compact striped aria-label={title} className="member-registrations">
          <thead>
            <tr>
              <th scope="col">Activity</th>
              <th scope="col">Date ({zoneName})</th>
              <th scope="col">Registered (UTC)</th>
              <th scope="col">Attendance</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr key={row.activityId}>
                <td>
                  {row.title}
                  <span className="bp6-text-muted"> · {row.location}</span>
                </td>
                <td className="member-registrations__when">
                  <time dateTime={row.date}>{formatAdminDate(row.date)}</time>
                </td>
                <td className="member-registrations__when">
                  <time dateTime={row.registeredAt}>{formatAdminDate(row.registeredAt)}</time>
                </td>
                <td className="member-registrations__attendance">{attendanceText(row)}</td>
              </tr>
            ))}
          </tbody>
        </HTMLTable>
      )}
    </section>
  );
}

interface MemberDialogProps {
  id: number;
  canEdit: boolean;
  onSetStatus: (member: Member, active: boolean) => Promise<void>;
  onClose: () => void;
}

/**
 * Erase, confirmed first: the member's personal data goes for good (the server mails them a notice),
 * their registrations stay without it. The dialog closes once the server has done it.
 */
export function useEraseMember(onErased: () => void) {
  const confirm = useConfirm();
  const erase = useAdminMutation<Member, null>({
    change: (member) => ({
      ...changeOf(ROUTES.members.erase, { params: { id: member.id }, revision: member.revision }),
      label: `Erase ${member.name}`,
    }),
    success: (_result, member) => `${member.name} erased`,
    failure: 'Failed to erase the member',
  });
  return async (member: Member) => {
    const yes = await confirm({
      message: `Erase ${member.name}? Their name, e-mail, password, sessions and, if they proved their e-mail address, the contact messages sent from it are deleted for good, and they are signed out. Their registrations stay, without their name. They get a last e-mail saying so.`,
      confirmText: 'Erase',
      icon: 'trash',
    });
    if (!yes) return;
    await erase.mutateAsync(member).then(onErased, () => undefined);
  };
}

export function MemberDialog({ id, canEdit, onSetStatus, onClose }: MemberDialogProps) {
  // Under the members key, so that a status change refreshes the open detail too.
  const query = useQuery({ queryKey: [...queryKeys.members, 'detail', id], queryFn: () => api.admin.members.get(id) });
  const member = query.data;
  const { canDelete } = useModuleAccess('members');
  const erase = useEraseMember(onClose);
  const zoneName = useOrganisationTimeName();
  return (
    <Dialog isOpen onClose={onClose} title={member ? member.name : 'Member'} icon="person" className="member-dialog">
      <DialogBody>
        {query.isPending && <Loading />}
        {query.isError && <LoadError title="Failed to load the member" onRetry={() => void query.refetch()} />}
        {member && (
          <>
            <dl className="member-facts">
              <dt>E-mail</dt>
              <dd>
                <a href={`mailto:${member.email}`}>{member.email}</a>
              </dd>
              <dt>Status</dt>
              <dd>
                <Tag minimal intent={member.isActive ? 'success' : 'none'}>
                  {member.isActive ? 'Active' : 'Deactivated'}
                </Tag>
              </dd>
              <dt>Joined (UTC)</dt>
              <dd>
                <time dateTime={member.joinedAt}>{formatAdminDate(member.joinedAt)}</time>
              </dd>
              <dt>CPD hours</dt>
              <dd>
                {formatCpdHours(member.cpdHoursTotal)} from{' '}
                {
                  [...member.registrations.past, ...member.registrations.upcoming].filter((row) => row.attendedAt)
                    .length
                }{' '}
                attended activities
              </dd>
              <dt>Last sign-in (UTC)</dt>
              <dd>
                {member.lastLogin ? (
                  <time dateTime={member.lastLogin}>{formatAdminDate(member.lastLogin)}</time>
                ) : (
                  'Never'
                )}
              </dd>
              <MembershipFact member={member} canEdit={canEdit} />
            </dl>
            <MemberTags member={member} canEdit={canEdit} />
            <MemberProfileSection memberId={member.id} canEdit={canEdit} canDelete={canDelete} />
            <Registrations title="Upcoming registrations" rows={member.registrations.upcoming} zoneName={zoneName} />
            <Registrations title="Past registrations" rows={member.registrations.past} zoneName={zoneName} />
            <section className="member-section">
              <h3>Contact messages</h3>
              {!member.emailVerified ? (
                <p className="bp6-text-muted">
                  Not shown: this member has not yet proved their e-mail address (by a password reset or welcome link),
                  so messages sent from it may be someone else&apos;s.
                </p>
              ) : member.contactMessageCount === 0 ? (
                <p className="bp6-text-muted">No messages from this e-mail address.</p>
              ) : (
                <>
                  <p className="bp6-text-muted">
                    {member.contactMessageCount > member.contactMessages.length
                      ? `The newest ${member.contactMessages.length} of ${member.contactMessageCount} messages.`
                      : `${member.contactMessageCount} ${member.contactMessageCount === 1 ? 'message' : 'messages'}.`}
                  </p>
                  <ul className="member-messages">
                    {member.contactMessages.map((message) => (
                      <li key={message.id}>
                        <time dateTime={message.createdAt}>{formatAdminDate(message.createdAt)}</time>
                        <p>{message.message}</p>
                      </li>
                    ))}
                  </ul>
                </>
              )}
            </section>
          </>
        )}
      </DialogBody>
      <DialogFooter
        actions={
          member && (canEdit || canDelete) ? (
            <>
              {canDelete && (
                <Button
                  intent="danger"
                  variant="outlined"
                  icon="trash"
                  text="Erase"
                  onClick={() => void erase(member)}
                />
              )}
              {canEdit && (
                <Button
                  intent={member.isActive ? 'danger' : 'primary'}
                  icon={member.isActive ? 'lock' : 'unlock'}
                  text={member.isActive ? 'Deactivate' : 'Reactivate'}
                  onClick={() => void onSetStatus(member, !member.isActive)}
                />
              )}
            </>
          ) : undefined
        }
      />
    </Dialog>
  );
}
