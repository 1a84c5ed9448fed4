import { aboutUsSchema, type AboutUsInput, type AboutUsVersion } from '@npo/shared';
import { useForm } from 'react-hook-form';
import { TextAreaField, TextField } from '../../ui/form/fields';
import { RowsField } from '../../ui/form/RowsField';
import type { VersionFormProps } from '../versioned/VersionedScreen';
import { VersionFormDialog } from '../versioned/VersionFormDialog';
import { schemaResolver } from '../../ui/form/resolver';

type AboutFormValues = AboutUsInput;

function initialValues(version?: AboutUsVersion): AboutFormValues {
  return {
    description: version?.description ?? '',
    aims: version?.aims ?? '',
    objectives: version?.objectives.length ? version.objectives : [{ title: '', description: '' }],
  };
}

export function AboutForm(props: VersionFormProps<AboutUsVersion, AboutUsInput>) {
  const { dialog } = props;
  const form = useForm<AboutFormValues, unknown, AboutUsInput>({
    resolver: schemaResolver(aboutUsSchema),
    defaultValues: initialValues(dialog.item ?? dialog.prefill),
  });
  return (
    <VersionFormDialog
      {...props}
      form={form}
      editTitle={(item) => `Edit Version ${item.version}`}
      newTitle="New About Us Version"
      icon="info-sign"
      width={760}
      blankValues={initialValues}
      firstField="description"
    >
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
    </VersionFormDialog>
  );
}
