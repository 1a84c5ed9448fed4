import { aboutUsSchema, type AboutUsInput, type AboutUsVersion } from '@npo/shared';
import { TextAreaField, TextField } from '../../ui/form/fields';
import { RowsField } from '../../ui/form/RowsField';
import type { VersionFormProps } from '../versioned/VersionedScreen';
import { VersionFormDialog } from '../versioned/VersionFormDialog';

type AboutFormValues = AboutUsInput;

function initialValues(version?: AboutUsVersion): AboutFormValues {
  return {
    description: version?.description ?? '',
    aims: version?.aims ?? '',
    objectives: version?.objectives.length ? version.objectives : [{ title: '', description: '' }],
  };
}

export function AboutForm(props: VersionFormProps<AboutUsVersion, AboutUsInput>) {
  return (
    <VersionFormDialog
      {...props}
      schema={aboutUsSchema}
      initialValues={initialValues}
      editTitle={(item) => `Edit Version ${item.version}`}
      newTitle="New About Us Version"
      icon="info-sign"
      width={760}
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
