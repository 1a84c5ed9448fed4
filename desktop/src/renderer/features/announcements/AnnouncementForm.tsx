/**
 * Compose or edit a draft announcement (issue 22 item 2): subject, Markdown body with its character
 * count, the audience (the activity when it is an activity's registrants, a segment of tag, country,
 * specialty and membership status when it is the members), the recipients it reaches now, and a preview of the
 * mail exactly as the server renders it, following the text as it is typed.
 */
import {
  ANNOUNCEMENT_AUDIENCE_LABELS,
  ANNOUNCEMENT_BODY_MAX,
  announcementSchema,
  countryOptions,
  MEMBERSHIP_STATUSES,
  MEMBERSHIP_STATUS_LABELS,
  type Announcement,
  type AnnouncementAudience,
  type AnnouncementBody,
  type MembershipStatus,
} from '@npo/shared';
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useForm, useFormContext } from 'react-hook-form';
import { z } from 'zod';
import { api } from '../../api/client';
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
  /** The segment of the audience "members" (issue 57): each select's value, '' for any. */
  segmentTagId: string;
  segmentCountry: string;
  segmentSpecialtyId: string;
  /** A membership status, judged by the server on the day it counts or sends. */
  segmentMembership: string;
}

/** The segment the selects name; null (every member) when none is chosen or the audience is another. */
function segmentOf(values: AnnouncementFormValues) {
  if (values.audience !== 'members') return null;
  const segment = {
    ...(values.segmentTagId && { tagId: Number(values.segmentTagId) }),
    ...(values.segmentCountry && { country: values.segmentCountry }),
    ...(values.segmentSpecialtyId && { specialtyId: Number(values.segmentSpecialtyId) }),
    ...(values.segmentMembership && { membership: values.segmentMembership as MembershipStatus }),
  };
  return Object.keys(segment).length ? segment : null;
}

/** The selects' audience as the API takes it (the draft's body and the reach count). */
const audienceOf = (values: AnnouncementFormValues) => ({
  audience: values.audience as AnnouncementAudience,
  activityId: values.audience === 'activity' && values.activityId ? Number(values.activityId) : null,
  segment: segmentOf(values),
});

/** The select's text becomes the API's number; an activity only goes with that audience. */
const formSchema = z.preprocess(
  (values: AnnouncementFormValues) => ({ subject: values.subject, body: values.body, ...audienceOf(values) }),
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

const MEMBERSHIP_OPTIONS = [
  { value: '', label: 'Any membership' },
  ...MEMBERSHIP_STATUSES.map((status) => ({ value: status, label: MEMBERSHIP_STATUS_LABELS[status] })),
];

/** Tag, country, specialty and membership status: the segment of the members who receive it (any left empty: not narrowed). */
function SegmentFields() {
  const { watch } = useFormContext<AnnouncementFormValues>();
  const tags = useQuery({ queryKey: ['tags'], queryFn: () => api.admin.members.tags() });
  const specialties = useQuery({ queryKey: ['specialties'], queryFn: () => api.content.specialties() });
  const countries = useMemo(() => countryOptions().map(({ code, name }) => ({ value: code, label: name })), []);
  if (watch('audience') !== 'members') return null;
  return (
    <fieldset className="announcement-segment">
      <legend>Segment (optional: every member when none is chosen)</legend>
      <SelectField<AnnouncementFormValues>
        name="segmentTagId"
        label="Tag"
        options={[
          { value: '', label: 'Any tag' },
          ...(tags.data ?? []).map((tag) => ({ value: String(tag.id), label: tag.name })),
        ]}
      />
      <SelectField<AnnouncementFormValues>
        name="segmentCountry"
        label="Country"
        options={[{ value: '', label: 'Any country' }, ...countries]}
      />
      <SelectField<AnnouncementFormValues>
        name="segmentSpecialtyId"
        label="Specialty"
        options={[
          { value: '', label: 'Any specialty' },
          ...(specialties.data ?? []).map((specialty) => ({ value: String(specialty.id), label: specialty.name })),
        ]}
      />
      <SelectField<AnnouncementFormValues> name="segmentMembership" label="Membership" options={MEMBERSHIP_OPTIONS} />
    </fieldset>
  );
}

/**
 * How many accounts the chosen audience reaches now, counted by the server as a send counts them
 * (active, receiving announcements, in the segment). An activity not yet chosen has no count.
 */
function ReachCount() {
  const values = useFormContext<AnnouncementFormValues>().watch();
  const audience = audienceOf(values);
  const ready = audience.audience !== 'activity' || audience.activityId !== null;
  const reach = useQuery({
    queryKey: ['announcement-reach', audience],
    queryFn: () => api.admin.announcements.reach(audience),
    enabled: ready,
  });
  let text = '';
  if (!ready) text = 'Choose an activity to see how many it reaches.';
  else if (reach.isPending) text = 'Counting recipients…';
  else if (reach.isError) text = 'The recipients could not be counted.';
  else
    text = `Reaches ${reach.data.recipients.toLocaleString('en')} ${reach.data.recipients === 1 ? 'recipient' : 'recipients'} now.`;
  return (
    <p className="announcement-reach" role="status" aria-live="polite" data-testid="announcement-reach">
      {text}
    </p>
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
      segmentTagId: editing?.segment?.tagId ? String(editing.segment.tagId) : '',
      segmentCountry: editing?.segment?.country ?? '',
      segmentSpecialtyId: editing?.segment?.specialtyId ? String(editing.segment.specialtyId) : '',
      segmentMembership: editing?.segment?.membership ?? '',
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
      <SegmentFields />
      <ReachCount />
      <FollowingPreview />
    </FormDialog>
  );
}
