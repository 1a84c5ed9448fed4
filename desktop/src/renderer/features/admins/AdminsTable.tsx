/** The staff table: role badge, "N/21 permissions", active switch, last login, Edit and Delete. */
import { Button, HTMLTable, Switch, Tag } from '@blueprintjs/core';
import { countPermissions, formatAdminDate, PERMISSION_SLOTS, type User } from '@npo/shared';
import { useState } from 'react';
import { isWaitingToSync } from '../../offline/optimistic';
import { WaitingTag } from '../../offline/WaitingTag';

function permissionSummary(user: User): string {
  const granted = user.role === 'super_admin' ? PERMISSION_SLOTS : countPermissions(user.permissions);
  return `${granted}/${PERMISSION_SLOTS} permissions`;
}

/** Flips at once when clicked; goes back if the server refuses (the refusal is toasted). */
function ActiveSwitch({
  user,
  disabled,
  onToggle,
}: {
  user: User;
  disabled: boolean;
  onToggle: () => Promise<unknown>;
}) {
  const [checked, setChecked] = useState(user.isActive);
  // The account changed (the list was refetched): show its state, while rendering rather than after.
  const [shownActive, setShownActive] = useState(user.isActive);
  if (shownActive !== user.isActive) {
    setShownActive(user.isActive);
    setChecked(user.isActive);
  }
  return (
    <Switch
      role="switch"
      checked={checked}
      disabled={disabled}
      title={disabled ? 'You cannot deactivate your own account' : undefined}
      aria-label={`Active: ${user.name}`}
      className="table-switch"
      onChange={() => {
        setChecked(!checked);
        onToggle().catch(() => setChecked(user.isActive));
      }}
    />
  );
}

interface AdminsTableProps {
  users: User[];
  currentUserId: number;
  onEdit: (user: User) => void;
  onDelete: (user: User) => void;
  onToggleStatus: (user: User) => Promise<unknown>;
  /** Signs the account out everywhere (issue 11). */
  onEndSessions: (user: User) => void;
  onResetTwoFactor: (user: User) => void;
}

export function AdminsTable({
  users,
  currentUserId,
  onEdit,
  onDelete,
  onToggleStatus,
  onEndSessions,
  onResetTwoFactor,
}: AdminsTableProps) {
  return (
    <HTMLTable className="admins-table" striped>
      <thead>
        <tr>
          <th scope="col">Name</th>
          <th scope="col">Email</th>
          <th scope="col">Role</th>
          <th scope="col">Permissions</th>
          <th scope="col">Active</th>
          <th scope="col">Last login</th>
          <th scope="col">
            <span className="sr-only">Actions</span>
          </th>
        </tr>
      </thead>
      <tbody>
        {users.map((user) => {
          const isSelf = user.id === currentUserId;
          const isSuperAdmin = user.role === 'super_admin';
          // Invited on this computer, not on the server yet: nothing can be done to the account until it is.
          const waiting = isWaitingToSync(user);
          return (
            <tr key={user.id} data-testid="admin-row">
              <td className="cell-strong">
                {user.name}
                {isSelf && <span className="muted"> (you)</span>} <WaitingTag item={user} />
              </td>
              <td className="break-all">{user.email}</td>
              <td>
                <Tag intent={isSuperAdmin ? 'danger' : 'primary'} minimal={!isSuperAdmin}>
                  {isSuperAdmin ? 'Super Admin' : 'Admin'}
                </Tag>
                {user.twoFactorEnabled && (
                  <Tag className="two-factor-tag" intent="success" minimal title="Two-factor sign-in is on">
                    2FA
                  </Tag>
                )}
              </td>
              <td>{permissionSummary(user)}</td>
              <td>
                {!waiting && <ActiveSwitch user={user} disabled={isSelf} onToggle={() => onToggleStatus(user)} />}
              </td>
              <td>{user.lastLogin ? formatAdminDate(user.lastLogin) : 'Never'}</td>
              <td className="cell-actions">
                {!waiting && (
                  <>
                    <Button
                      icon="edit"
                      variant="minimal"
                      text="Edit"
                      aria-label={`Edit ${user.name}`}
                      onClick={() => onEdit(user)}
                    />
                    <Button
                      icon="log-out"
                      variant="minimal"
                      text="End all sessions"
                      aria-label={`End all sessions of ${user.name}`}
                      // One's own sessions are ended from My account, which keeps this one.
                      disabled={isSelf}
                      title={isSelf ? 'End your other sessions from My account' : undefined}
                      onClick={() => onEndSessions(user)}
                    />
                    {user.twoFactorEnabled && !isSelf && (
                      <Button
                        icon="shield"
                        variant="minimal"
                        text="Reset two-factor"
                        aria-label={`Reset two-factor sign-in of ${user.name}`}
                        onClick={() => onResetTwoFactor(user)}
                      />
                    )}
                    <Button
                      icon="trash"
                      variant="minimal"
                      intent="danger"
                      text="Delete"
                      aria-label={`Delete ${user.name}`}
                      // SPEC 6: a super admin cannot be deleted; DESIGN: nobody deletes themselves.
                      disabled={isSuperAdmin || isSelf}
                      title={
                        isSuperAdmin
                          ? 'Super admin accounts cannot be deleted'
                          : isSelf
                            ? 'You cannot delete your own account'
                            : undefined
                      }
                      onClick={() => onDelete(user)}
                    />
                  </>
                )}
              </td>
            </tr>
          );
        })}
      </tbody>
    </HTMLTable>
  );
}
