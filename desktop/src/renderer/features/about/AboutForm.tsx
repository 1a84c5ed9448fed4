import { aboutUsSchema, type AboutUsInput, type AboutUsVersion } from '@npo/shared';
import { useForm } from 'react-hook-form';
import { TextAreaField, TextField } from '../../ui/form/fields';
import { FormDialog } from '../../ui/form/FormDialog';
import { RowsField } from '../../ui/form/RowsField';
import type { VersionFormProps } from '../versioned/VersionedScreen';
import { VersionFormNotice } from '../versioned/VersionFormNotice';
import { schemaResolver } from '../../ui/form/resolver';

type AboutFormValues = AboutUsInput;

function initialValues(version?: AboutUsVersion): AboutFormValues {
  return {
    description: version?.description ?? '',
    aims: version?.aims ?? '',
    objectives: version?.objectives.length ? version.objectives : [{ title: '', description: '' }],
  };
}

export function AboutForm({ dialog, canEdit, onSave }: VersionFormProps<AboutUsVersion, AboutUsInput>) {
  const editing = dialog.item;
  const form = useForm<AboutFormValues, unknown, AboutUsInput>({
    resolver: schemaResolver(aboutUsSchema),
    defaultValues: initialValues(editing ?? dialog.prefill),
  });
  return (
    <FormDialog
      title={editing ? `Edit Version ${editing.version}` : 'New About Us Version'}
      icon="info-sign"
      isOpen={dialog.isOpen}
      onClose={dialog.close}
      form={form}
      onSubmit={(input) => onSave(input, editing)}
      submitText={editing ? 'Save Changes' : 'Create Version'}
      canEdit={canEdit}
      width={760}
    >
      <VersionFormNotice
        dialog={dialog}
        onStartBlank={() => form.reset(initialValues())}
        focusFirstField={() => form.setFocus('description')}
      />
      <TextAreaField<AboutFormValues> name="description" label="Description" rows={5} autoFocus />
      <TextAreaField<AboutFormValues> name="aims" label="Aims" rows={4} />
      <RowsField<AboutFormValues, 'objectives'>
        name="objectives"
        legend="Objectives"
        itemLabel="objective"
        emptyRow={{ title: '', description: '' }}
        renderRow={(index) => (
          <>
            <TextField<AboutFormValues> name={`objectives.${index}.title`} label={`Objective ${index + 1} title`} />
            <TextAreaField<AboutFormValues>
              name={`objectives.${index}.description`}
              label={`Objective ${index + 1} description`}
              rows={2}
            />
          </>
        )}
      />
    </FormDialog>
  );
}
