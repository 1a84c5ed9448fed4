/**
 * The specialties members choose from on their profiles (issue 57), as staff keep them: added and
 * renamed with members:edit, removed with members:delete. Each row says how many profiles name it;
 * removing one in use asks first, saying that it goes from those profiles too (the server refuses it
 * otherwise). Names are unique in any case: the server's refusal shows beside the field.
 */
import { Button, HTMLTable, MenuDivider, MenuItem } from '@blueprintjs/core';
import { changeOf, ROUTES, specialtySchema, type SpecialtyAdmin, type SpecialtyInput } from '@npo/shared';
import { useQuery } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { api } from '../../api/client';
import { queryKeys } from '../../api/query-keys';
import { useAdminMutation } from '../../data/useAdminMutation';
import { useModuleAccess } from '../../data/useModuleAccess';
import { useConfirm } from '../../ui/ConfirmProvider';
import { FormDialog } from '../../ui/form/FormDialog';
import { TextField } from '../../ui/form/fields';
import { schemaResolver } from '../../ui/form/resolver';
import { useFormDialog, type FormDialogState } from '../../ui/form/useFormDialog';
import { ListStates } from '../../ui/ListStates';
import { PageHeader } from '../../ui/PageHeader';
import { RowMenu } from '../../ui/RowMenu';

const profilesText = (count: number) => (count === 1 ? '1 profile' : `${count} profiles`);

function SpecialtyForm({ dialog, canEdit }: { dialog: FormDialogState<SpecialtyAdmin>; canEdit: boolean }) {
  const editing = dialog.item;
  const form = useForm<SpecialtyInput, unknown, SpecialtyInput>({
    resolver: schemaResolver(specialtySchema),
    defaultValues: { name: editing?.name ?? '' },
  });
  const save = useAdminMutation<SpecialtyInput, SpecialtyAdmin>({
    change: (body) =>
      editing
        ? {
            ...changeOf(ROUTES.specialties.update, { params: { id: editing.id }, body, revision: editing.revision }),
            label: `Rename ${editing.name}`,
          }
        : { ...changeOf(ROUTES.specialties.create, { body }), label: `Add ${body.name}` },
    success: editing ? 'Specialty renamed' : 'Specialty added',
    failure: editing ? 'Failed to rename the specialty' : 'Failed to add the specialty',
  });
  return (
    <FormDialog
      title={editing ? 'Rename specialty' : 'Add specialty'}
      icon="tag"
      isOpen={dialog.isOpen}
      onClose={dialog.close}
      form={form}
      onSubmit={(values) => save.mutateAsync(values)}
      submitText={editing ? 'Rename' : 'Add specialty'}
      canEdit={canEdit}
      width={480}
    >
      <TextField<SpecialtyInput>
        name="name"
        label="Name"
        autoFocus
        helper={editing ? `Profiles that name it (${profilesText(editing.profiles)}) show the new name.` : undefined}
      />
    </FormDialog>
  );
}

/** Remove, confirmed: one in use goes from its profiles too, which the confirmation says. */
function useRemoveSpecialty() {
  const confirm = useConfirm();
  const remove = useAdminMutation<SpecialtyAdmin, null>({
    change: (specialty) => {
      const request = changeOf(ROUTES.specialties.remove, {
        params: { id: specialty.id },
        revision: specialty.revision,
      });
      const path = specialty.profiles > 0 ? `${request.path}?removeFromProfiles=true` : request.path;
      return { ...request, path, label: `Remove ${specialty.name}` };
    },
    success: 'Specialty removed',
    failure: 'Failed to remove the specialty',
  });
  return async (specialty: SpecialtyAdmin) => {
    const inUse = specialty.profiles > 0;
    const yes = await confirm({
      message: inUse
        ? `Remove “${specialty.name}”? ${profilesText(specialty.profiles)} name it: it is taken off ${specialty.profiles === 1 ? 'that profile' : 'those profiles'} too.`
        : `Remove “${specialty.name}”? No profile names it.`,
      confirmText: inUse ? `Remove from ${profilesText(specialty.profiles)}` : 'Remove',
      intent: 'danger',
      icon: 'trash',
    });
    if (yes) remove.mutate(specialty);
  };
}

export default function SpecialtiesPage() {
  const { canEdit, canDelete } = useModuleAccess('members');
  const dialog = useFormDialog<SpecialtyAdmin>();
  const remove = useRemoveSpecialty();
  // Under the specialties key, which every specialties write refreshes (with the profile forms' list).
  const query = useQuery({
    queryKey: [...queryKeys.specialties, 'admin'],
    queryFn: () => api.admin.specialties.list(),
  });
  const specialties = query.data ?? [];
  return (
    <>
      <PageHeader
        title="Specialties"
        summary="The fields of practice members choose from on their profiles."
        actions={canEdit && <Button icon="add" intent="primary" text="Add specialty" onClick={dialog.openCreate} />}
      />
      <ListStates
        query={query}
        loadError="Failed to load the specialties"
        isEmpty={specialties.length === 0}
        empty="No specialties yet."
      >
        <div className="table-scroll">
          <HTMLTable compact striped aria-label="Specialties">
            <thead>
              <tr>
                <th scope="col">Name</th>
                <th scope="col">Profiles</th>
                <th scope="col">
                  <span className="bp6-text-muted">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {specialties.map((specialty) => (
                <tr key={specialty.id} data-testid="specialty-row">
                  <td className="cell-strong">{specialty.name}</td>
                  <td>{specialty.profiles}</td>
                  <td className="cell-actions">
                    {(canEdit || canDelete) && (
                      <RowMenu label={`Actions for ${specialty.name}`}>
                        {canEdit && <MenuItem icon="edit" text="Rename" onClick={() => dialog.openEdit(specialty)} />}
                        {canDelete && (
                          <>
                            {canEdit && <MenuDivider />}
                            <MenuItem
                              icon="trash"
                              intent="danger"
                              text="Remove"
                              onClick={() => void remove(specialty)}
                            />
                          </>
                        )}
                      </RowMenu>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </HTMLTable>
        </div>
      </ListStates>
      {dialog.isOpen && <SpecialtyForm key={dialog.key} dialog={dialog} canEdit={canEdit} />}
    </>
  );
}
