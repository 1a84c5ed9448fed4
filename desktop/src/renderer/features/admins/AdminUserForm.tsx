import {
  adminUserSchema,
  countPermissions,
  emptyPermissions,
  normalisePermissions,
  PERMISSION_SLOTS,
  type AdminUserInput,
  type User,
} from '@npo/shared';
import { Callout } from '@blueprintjs/core';
import { useForm } from 'react-hook-form';
import { SelectField, TextField } from '../../ui/form/fields';
import { FormDialog } from '../../ui/form/FormDialog';
import type { FormDialogState } from '../../ui/form/useFormDialog';
import { PermissionGrid } from './PermissionGrid';
import { schemaResolver } from '../../ui/form/resolver';
import { useConfirm } from '../../ui/ConfirmProvider';
import type { Revisioned } from '../../data/describe-item';
import type { AdminFormValues } from './admin-form-values';

interface AdminUserFormProps {
  dialog: FormDialogState<User>;
  onSave: (input: AdminUserInput, item?: Revisioned) => Promise<unknown>;
}

export function AdminUserForm({ dialog, onSave }: AdminUserFormProps) {
  const editing = dialog.item;
  const form = useForm<AdminFormValues, unknown, AdminUserInput>({
    resolver: schemaResolver(adminUserSchema),
    defaultValues: {
      name: editing?.name ?? '',
      email: editing?.email ?? '',
      role: editing?.role === 'super_admin' ? 'super_admin' : 'admin',
      permissions: editing ? normalisePermissions(editing.permissions) : emptyPermissions(),
    },
  });
  const confirm = useConfirm();
  // An admin with no permission can open nothing but My account: a new one is created so only on purpose.
  const save = async (input: AdminUserInput) => {
    if (!editing && input.role === 'admin' && countPermissions(input.permissions) === 0) {
      const yes = await confirm({
        message: `${input.name} gets 0 of ${PERMISSION_SLOTS} permissions and will see nothing but their own account until a super admin grants some. Create the account anyway?`,
        confirmText: 'Create without permissions',
        cancelText: 'Choose permissions',
        icon: 'warning-sign',
      });
      if (!yes) return false;
    }
    return onSave(input, editing);
  };
  return (
    <FormDialog
      title={editing ? 'Edit Admin User' : 'Add Admin User'}
      icon="person"
      isOpen={dialog.isOpen}
      onClose={dialog.close}
      form={form}
      onSubmit={save}
      submitText={editing ? 'Save Changes' : 'Create and Send Invitation'}
      canEdit
      width={680}
    >
      {!editing && (
        <Callout intent="primary" icon="envelope" compact className="form-note">
          The new admin receives an e-mail with a link to choose a password (valid for 7 days).
        </Callout>
      )}
      <div className="form-row">
        <TextField<AdminFormValues> name="name" label="Full name" autoFocus autoComplete="off" />
        <TextField<AdminFormValues> name="email" label="Email" type="email" autoComplete="off" />
      </div>
      <SelectField<AdminFormValues>
        name="role"
        label="Role"
        options={[
          { value: 'admin', label: 'Admin' },
          { value: 'super_admin', label: 'Super Admin' },
        ]}
      />
      <PermissionGrid />
    </FormDialog>
  );
}
