import { policySchema, type PolicyVersion } from '@npo/shared';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { toDateInputValue } from '../../ui/dates';
import { TextAreaField, TextField } from '../../ui/form/fields';
import { FormDialog } from '../../ui/form/FormDialog';
import type { VersionFormProps } from '../versioned/VersionedScreen';
import { VersionFormNotice } from '../versioned/VersionFormNotice';
import type { PolicyKind, PolicyPayload } from './policy-kinds';
import { schemaResolver } from '../../ui/form/resolver';

interface PolicyFormValues {
  title: string;
  content: string;
  /** yyyy-mm-dd from a date input; sent as midnight UTC. */
  effectiveDate: string;
}

function policyFormSchema(documentName: PolicyKind['documentName']) {
  return z
    .object({ title: z.string(), content: z.string(), effectiveDate: z.string() })
    .transform((values): z.input<ReturnType<typeof policySchema>> => ({
      ...values,
      effectiveDate: values.effectiveDate ? `${values.effectiveDate}T00:00:00.000Z` : '',
    }))
    .pipe(policySchema(documentName))
    .transform(({ effectiveDate, ...rest }): PolicyPayload => (effectiveDate ? { ...rest, effectiveDate } : rest));
}

function initialValues(version?: PolicyVersion): PolicyFormValues {
  return {
    title: version?.title ?? '',
    content: version?.content ?? '',
    effectiveDate: toDateInputValue(version?.effectiveDate),
  };
}

export function PolicyForm({
  kind,
  dialog,
  canEdit,
  onSave,
}: VersionFormProps<PolicyVersion, PolicyPayload> & { kind: PolicyKind }) {
  const editing = dialog.item;
  const form = useForm<PolicyFormValues, unknown, PolicyPayload>({
    resolver: schemaResolver(policyFormSchema(kind.documentName)),
    defaultValues: initialValues(editing ?? dialog.prefill),
  });
  return (
    <FormDialog
      title={editing ? `Edit ${kind.documentName} — Version ${editing.version}` : `New ${kind.documentName} Version`}
      icon="document"
      isOpen={dialog.isOpen}
      onClose={dialog.close}
      form={form}
      onSubmit={(input) => onSave(input, editing)}
      submitText={editing ? 'Save Changes' : 'Create Version'}
      canEdit={canEdit}
      width={880}
    >
      <VersionFormNotice
        dialog={dialog}
        onStartBlank={() => form.reset(initialValues())}
        focusFirstField={() => form.setFocus('title')}
      />
      <TextField<PolicyFormValues>
        name="title"
        label="Title"
        placeholder={kind.documentName}
        helper={`Left empty, the title is "${kind.documentName}".`}
        optional
        autoFocus
      />
      <TextAreaField<PolicyFormValues>
        name="content"
        label="Content"
        rows={15}
        helper="At least 100 characters. Line breaks are kept on the public page."
      />
      <TextField<PolicyFormValues> name="effectiveDate" label="Effective date" type="date" optional />
    </FormDialog>
  );
}
