import { policySchema, type PolicyVersion } from '@npo/shared';
import { z } from 'zod';
import { toDateInputValue } from '../../ui/dates';
import { TextAreaField, TextField } from '../../ui/form/fields';
import type { VersionFormProps } from '../versioned/VersionedScreen';
import { VersionFormDialog } from '../versioned/VersionFormDialog';
import type { PolicyKind, PolicyPayload } from './policy-kinds';

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

export function PolicyForm({ kind, ...props }: VersionFormProps<PolicyVersion, PolicyPayload> & { kind: PolicyKind }) {
  return (
    <VersionFormDialog
      {...props}
      schema={policyFormSchema(kind.documentName)}
      initialValues={initialValues}
      editTitle={(item) => `Edit ${kind.documentName} — Version ${item.version}`}
      newTitle={`New ${kind.documentName} Version`}
      icon="document"
      width={880}
      firstField="title"
    >
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
    </VersionFormDialog>
  );
}
