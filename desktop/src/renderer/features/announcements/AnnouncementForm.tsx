/**
 * Compose or edit a draft announcement (issue 22 item 2): subject, Markdown body with its character
 * count, the audience (and the activity when it is an activity's registrants), and a preview of the
 * mail exactly as the server renders it, following the text as it is typed.
 */
import {
  ANNOUNCEMENT_AUDIENCE_LABELS,
  ANNOUNCEMENT_BODY_MAX,
  announcementSchema,
  type Announcement,
  type AnnouncementBody,
} from '@npo/shared';
import { useForm, useFormContext } from 'react-hook-form';
import { z } from 'zod';
import type { Revisioned } from '../../data/describe-item';
import { SelectField, TextAreaField, TextField } from '../../ui/form/fields';
import { FormDialog } from '../../ui/form/FormDialog';
import { schemaResolver } from '../../ui/form/resolver';
import type { FormDialogState } from '../../ui/form/useFormDialog';
import { useActivityOptions } from '../members/MemberFilters';
import { PreviewButton } from './AnnouncementPreview';

interface AnnouncementFormValues {
  subject: string;
  body: string;
  audience: string;
  /** The select's value: '' for none. */
  activityId: string;
}

/** The select's text becomes the API's number; an activity only goes with that audience. */
const formSchema = z.preprocess(
  (values: AnnouncementFormValues) => ({
    ...values,
    activityId: values.audience === 'activity' && values.activityId ? Number(values.activityId) : null,
  }),
  announcementSchema,
);

const AUDIENCE_OPTIONS = Object.entries(ANNOUNCEMENT_AUDIENCE_LABELS).map(([value, label]) => ({ value, label }));

function ActivityField() {
  const { watch } = useFormContext<AnnouncementFormValues>();
  const options = useActivityOptions(watch('activityId'));
  if (watch('audience') !== 'activity') return null;
  return (
    <SelectField<AnnouncementFormValues>
      name="activityId"
      label="Activity"
      options={[{ value: '', label: 'Choose an activity' }, ...options]}
    />
  );
}

/** The preview of the mail, following the subject and the message as they are typed. */
function FollowingPreview() {
  const [subject, body] = useFormContext<AnnouncementFormValues>().watch(['subject', 'body']);
  return <PreviewButton content={{ subject, body }} />;
}

/** The body's length against the schema's maximum, so the writer sees the limit coming. */
function BodyCounter() {
  const length = useFormContext<AnnouncementFormValues>().watch('body').length;
  return (
    <span className={length > ANNOUNCEMENT_BODY_MAX ? 'field-error' : undefined}>
      {length.toLocaleString('en')} / {ANNOUNCEMENT_BODY_MAX.toLocaleString('en')} characters. Markdown: **bold**,
      *italic*, [link](https://…), lists.
    </span>
  );
}

interface AnnouncementFormProps {
  dialog: FormDialogState<Announcement>;
  canEdit: boolean;
  onSave: (input: AnnouncementBody, item?: Revisioned) => Promise<unknown>;
}

export function AnnouncementForm({ dialog, canEdit, onSave }: AnnouncementFormProps) {
  const editing = dialog.item;
  const form = useForm<AnnouncementFormValues, unknown, AnnouncementBody>({
    resolver: schemaResolver(formSchema),
    defaultValues: {
      subject: editing?.subject ?? '',
      body: editing?.body ?? '',
      audience: editing?.audience ?? 'members',
      activityId: editing?.activityId ? String(editing.activityId) : '',
    },
  });
  return (
    <FormDialog
      title={editing ? 'Edit announcement' : 'New announcement'}
      icon="notifications"
      isOpen={dialog.isOpen}
      onClose={dialog.close}
      form={form}
      onSubmit={(input) => onSave(input, editing)}
      submitText={editing ? 'Save draft' : 'Create draft'}
      canEdit={canEdit}
      width={760}
    >
      <TextField<AnnouncementFormValues> name="subject" label="Subject" autoFocus />
      <TextAreaField<AnnouncementFormValues> name="body" label="Message" rows={10} helper={<BodyCounter />} />
      <SelectField<AnnouncementFormValues> name="audience" label="Audience" options={AUDIENCE_OPTIONS} />
      <ActivityField />
      <FollowingPreview />
    </FormDialog>
  );
}
