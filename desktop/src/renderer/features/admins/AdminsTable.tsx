/**
 * The staff table: name with its state and e-mail under it, role badge, "N/21 permissions", last
 * login, and one Actions menu per row. At 1024 px (sidebar open) it fits without scrolling: an
 * e-mail has a line of its own and never breaks, dates break only between words, and the row's
 * actions take one narrow column.
 */
import { HTMLTable, MenuDivider, MenuItem, Tag } from '@blueprintjs/core';
import { countPermissions, formatAdminDate, PERMISSION_SLOTS, type USER_SORTS, type User } from '@npo/shared';
import { isWaitingToSync } from '../../offline/optimistic';
import { DateTimeLines } from '../../ui/DateTimeLines';
import { RoleTag } from '../../ui/RoleTag';
import { RowMenu } from '../../ui/RowMenu';
import { TableHead, type SortState, type TableColumn } from '../../ui/TableHead';
import { WaitingTag } from '../../offline/WaitingTag';

function permissionSummary(user: User): string {
  const granted = user.role === 'super_admin' ? PERMISSION_SLOTS : countPermissions(user.permissions);
  return `${granted}/${PERMISSION_SLOTS} permissions`;
}

function LastLogin({ at }: { at: string | null }) {
  if (!at) return <>Never</>;
  return <DateTimeLines at={at} text={formatAdminDate(at)} />;
}

export interface AdminRowActions {
  onEdit: (user: User) => void;
  onDelete: (user: User) => void;
  /** Activates at once; deactivation is confirmed first (it signs the account out). */
  onToggleStatus: (user: User) => void;
  /** Signs the account out everywhere (issue 11). */
  onEndSessions: (user: User) => void;
  onResetTwoFactor: (user: User) => void;
  /** A new invitation link for an account that has not chosen its password yet (issue 25). */
  onResendInvitation: (user: User) => void;
}

function AdminRowMenu({ user, isSelf, actions }: { user: User; isSelf: boolean; actions: AdminRowActions }) {
  const isSuperAdmin = user.role === 'super_admin';
  const ownAccount = 'Not for your own account';
  return (
    <RowMenu label={`Actions for ${user.name}`}>
      <MenuItem icon="edit" text="Edit" onClick={() => actions.onEdit(user)} />
      {user.invitationPending && user.isActive && (
        <MenuItem icon="envelope" text="Resend invitation" onClick={() => actions.onResendInvitation(user)} />
      )}
      <MenuItem
        icon={user.isActive ? 'disable' : 'confirm'}
        text={user.isActive ? 'Deactivate' : 'Activate'}
        disabled={isSelf}
        htmlTitle={isSelf ? 'You cannot deactivate your own account' : undefined}
        onClick={() => actions.onToggleStatus(user)}
      />
      <MenuItem
        icon="log-out"
        text="End all sessions"
        // One's own sessions are ended from My account, which keeps this one.
        disabled={isSelf}
        htmlTitle={isSelf ? 'End your other sessions from My account' : undefined}
        onClick={() => actions.onEndSessions(user)}
      />
      {user.twoFactorEnabled && !isSelf && (
        <MenuItem icon="shield" text="Reset two-factor" onClick={() => actions.onResetTwoFactor(user)} />
      )}
      <MenuDivider />
      <MenuItem
        icon="trash"
        intent="danger"
        text="Delete"
        // SPEC 6: a super admin cannot be deleted; DESIGN: nobody deletes themselves.
        disabled={isSuperAdmin || isSelf}
        htmlTitle={isSuperAdmin ? 'Super admin accounts cannot be deleted' : isSelf ? ownAccount : undefined}
        onClick={() => actions.onDelete(user)}
      />
    </RowMenu>
  );
}

export type AdminSort = (typeof USER_SORTS)[number];

// The first column shows the name over the e-mail, and sorts by the name.
const COLUMNS: TableColumn<AdminSort>[] = [
  { label: 'Name and email', sort: 'name' },
  { label: 'Role', sort: 'role' },
  { label: 'Permissions' },
  { label: 'Last login', sort: 'lastLogin', firstOrder: 'desc' },
  { label: 'Actions', look: 'hidden' },
];

interface AdminsTableProps extends AdminRowActions {
  users: User[];
  currentUserId: number;
  sort: SortState<AdminSort> | undefined;
  onSort: (next: SortState<AdminSort>) => void;
}

export function AdminsTable({ users, currentUserId, sort, onSort, ...actions }: AdminsTableProps) {
  return (
    <HTMLTable className="admins-table" striped aria-label="Admin users">
      <TableHead columns={COLUMNS} sort={sort} onSort={onSort} />
      <tbody>
        {users.map((user) => {
          const isSelf = user.id === currentUserId;
          // Invited on this computer, not on the server yet: nothing can be done to the account until it is.
          const waiting = isWaitingToSync(user);
          return (
            <tr key={user.id} data-testid="admin-row">
              <td>
                <span className="cell-strong">{user.name}</span>
                {isSelf && <span className="muted"> (you)</span>} <WaitingTag item={user} />
                {!user.isActive && (
                  <Tag className="state-tag" intent="warning" minimal>
                    Inactive
                  </Tag>
                )}
                {user.isActive && user.invitationPending && (
                  <Tag className="state-tag" intent="primary" minimal icon="envelope">
                    Invitation pending
                  </Tag>
                )}
                <span className="admin-email muted">{user.email}</span>
              </td>
              <td>
                <RoleTag role={user.role} />
                {user.twoFactorEnabled && (
                  <Tag className="two-factor-tag" intent="success" minimal title="Two-factor sign-in is on">
                    2FA
                  </Tag>
                )}
              </td>
              <td>{permissionSummary(user)}</td>
              <td>
                <LastLogin at={user.lastLogin} />
              </td>
              <td className="cell-actions">
                {!waiting && <AdminRowMenu user={user} isSelf={isSelf} actions={actions} />}
              </td>
            </tr>
          );
        })}
      </tbody>
    </HTMLTable>
  );
}
