/**
 * Staff accounts (super admins only, SPEC 6): search, table, invitations (pending ones can be sent
 * again), permissions, active status.
 */
import { Button } from '@blueprintjs/core';
import { ROUTES, changeOf, type AdminUserInput, type User } from '@npo/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../api/client';
import { describeError } from '../../api/errors';
import { queryKeys } from '../../api/query-keys';
import { useAdminList } from '../../data/useAdminList';
import { useAdminMutation } from '../../data/useAdminMutation';
import { useCrudMutations } from '../../data/useCrudMutations';
import { useCurrentUser } from '../../session/session-store';
import { useFormDialog } from '../../ui/form/useFormDialog';
import { ListPager, ListSearch } from '../../ui/ListControls';
import { ListStates } from '../../ui/ListStates';
import { PageHeader } from '../../ui/PageHeader';
import { AccessRestricted } from '../../ui/states';
import { useConfirm } from '../../ui/ConfirmProvider';
import { notifyFailure, notifySuccess } from '../../ui/toaster';
import { AdminsTable } from './AdminsTable';
import { AdminUserForm } from './AdminUserForm';
import { RequireTwoFactorSwitch } from './RequireTwoFactorSwitch';

// Editing oneself may change one's own role or permissions: the session's profile is refreshed too.

/** "End all sessions" of a staff account: confirmed, sent now (never queued), the outcome toasted. */
function useEndSessions() {
  const confirm = useConfirm();
  const end = useMutation({
    mutationFn: (user: User) => api.admin.users.endSessions(user.id),
    networkMode: 'always',
    onSuccess: (_result, user) => notifySuccess(`${user.name} has been signed out everywhere.`),
    onError: (error) => notifyFailure(describeError(error, 'Failed to end the sessions')),
  });
  return async (user: User) => {
    const yes = await confirm({
      message: `End all sessions of ${user.name}? They will be signed out on every device.`,
      confirmText: 'End all sessions',
      icon: 'log-out',
    });
    if (yes) end.mutate(user);
  };
}

/**
 * "Reset two-factor" of another staff account whose phone and recovery codes are lost: confirmed,
 * sent now; the list is read again so its 2FA tag goes.
 */
function useResetTwoFactor() {
  const confirm = useConfirm();
  const queryClient = useQueryClient();
  const reset = useMutation({
    mutationFn: (user: User) => api.admin.users.resetTwoFactor(user.id),
    networkMode: 'always',
    onSuccess: (_result, user) => {
      notifySuccess(`Two-factor sign-in of ${user.name} has been reset.`);
      void queryClient.invalidateQueries({ queryKey: queryKeys.users });
    },
    onError: (error) => notifyFailure(describeError(error, 'Failed to reset two-factor sign-in')),
  });
  return async (user: User) => {
    const yes = await confirm({
      message: `Reset two-factor sign-in of ${user.name}? They will be signed out everywhere and can set it up again.`,
      confirmText: 'Reset two-factor',
      icon: 'shield',
    });
    if (yes) reset.mutate(user);
  };
}

/**
 * "Resend invitation" of an account still without a password: sent now (a new link replaces the
 * mailed one, so it is not kept for later), the outcome toasted with the server's words.
 */
function useResendInvitation() {
  const resend = useMutation({
    mutationFn: (user: User) => api.admin.users.resendInvitation(user.id),
    networkMode: 'always',
    onSuccess: (result, user) =>
      notifySuccess(result.message ?? `A new invitation to ${user.email} is queued. The earlier link no longer works.`),
    onError: (error) => notifyFailure(describeError(error, 'Failed to resend the invitation')),
  });
  return (user: User) => resend.mutate(user);
}

function AdminsScreen() {
  const me = useCurrentUser();
  const dialog = useFormDialog<User>();
  // The server searches (name or e-mail, any case and accents) and pages; both are in the URL.
  const { list, query, sort, setSort } = useAdminList('users');
  const { save, confirmDelete } = useCrudMutations<AdminUserInput>({
    operations: ROUTES.users,
    noun: 'Admin user',
    // The invitation is a row of the server's mail queue (issue 25): sent when the mail server answers.
    createdMessage: (input) =>
      `Admin user created. The invitation to ${input.email} is queued and will be sent shortly.`,
    deleteConfirm: 'Are you sure you want to delete this admin user? This action cannot be undone.',
    saveFailure: 'Failed to save admin user',
    deleteFailure: 'Failed to delete admin user',
  });
  const toggleStatus = useAdminMutation<User, User>({
    change: (user) => ({
      ...changeOf(ROUTES.users.toggleStatus, { params: { id: user.id }, revision: user.revision }),
      label: `${user.isActive ? 'Deactivate' : 'Activate'} ${user.name}`,
    }),
    success: (user) => (user.isActive ? `${user.name} activated` : `${user.name} deactivated`),
    failure: 'Failed to change the status',
  });

  // Deactivation signs the account out at once: asked first. Activation is harmless and immediate.
  const confirm = useConfirm();
  const changeStatus = async (user: User) => {
    if (user.isActive) {
      const yes = await confirm({
        message: `Deactivate ${user.name}? ${user.name} will be signed out and cannot sign in until activated again.`,
        confirmText: 'Deactivate',
        icon: 'disable',
      });
      if (!yes) return;
    }
    toggleStatus.mutate(user);
  };

  const confirmEndSessions = useEndSessions();
  const resendInvitation = useResendInvitation();
  const confirmResetTwoFactor = useResetTwoFactor();
  const users = query.data?.users ?? [];

  return (
    <>
      <PageHeader
        title="Admins"
        summary="Staff accounts and their permissions."
        actions={<Button icon="new-person" intent="primary" text="Add Admin" onClick={dialog.openCreate} />}
      />
      <div className="section-toolbar">
        <ListSearch list={list} label="Search admins by name or email" placeholder="Search by name or email" />
        <RequireTwoFactorSwitch />
      </div>
      <ListStates
        query={query}
        loadError="Failed to load admin users"
        isEmpty={users.length === 0}
        empty={list.q ? 'No admin users match your search.' : 'No admin users yet.'}
      >
        <div className="table-scroll">
          <AdminsTable
            users={users}
            currentUserId={me.id}
            sort={sort}
            onSort={setSort}
            onEdit={dialog.openEdit}
            onDelete={(user) => void confirmDelete(user)}
            onToggleStatus={(user) => void changeStatus(user)}
            onEndSessions={(user) => void confirmEndSessions(user)}
            onResetTwoFactor={(user) => void confirmResetTwoFactor(user)}
            onResendInvitation={resendInvitation}
          />
        </div>
      </ListStates>
      <ListPager
        list={list}
        pagination={query.data?.pagination}
        noun={['admin user', 'admin users']}
        label="Admin users pages"
      />
      <AdminUserForm key={dialog.key} dialog={dialog} onSave={save} />
    </>
  );
}

export default function AdminsPage() {
  const me = useCurrentUser();
  return me.role === 'super_admin' ? <AdminsScreen /> : <AccessRestricted />;
}
