/**
 * The activity form. Its date is the organisation's wall clock (DESIGN: the stored value's digits are
 * the organisation's time, shown so on the site and here), whatever the browser's time zone, and sent
 * as those digits in ISO with Z; calendar files carry the true instant (api activities/calendar.ts).
 */
import { ACTIVITY_STATUSES, activitySchema, type Activity, type ActivityInput } from '@npo/shared';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { fromUtcInputValue, toUtcInputValue } from '../../ui/dates';
import { SelectField, TextAreaField, TextField } from '../../ui/form/fields';
import { FormDialog } from '../../ui/form/FormDialog';
import { RowsField } from '../../ui/form/RowsField';
import type { FormDialogState } from '../../ui/form/useFormDialog';
import { schemaResolver } from '../../ui/form/resolver';
import type { Revisioned } from '../../data/describe-item';
import { useOrganisationTimeName } from './organisation-time';

interface ActivityFormValues {
  title: string;
  description: string;
  date: string;
  location: string;
  status: (typeof ACTIVITY_STATUSES)[number];
  tags: { value: string }[];
  capacity: string;
  cpdHours: string;
}

const activityFormSchema = z
  .object({
    title: z.string(),
    description: z.string(),
    date: z.string(),
    location: z.string(),
    status: z.enum(ACTIVITY_STATUSES),
    tags: z.array(z.object({ value: z.string() })),
    capacity: z.string(),
    cpdHours: z.string(),
  })
  .transform((values): z.input<typeof activitySchema> => ({
    ...values,
    date: fromUtcInputValue(values.date),
    // Empty tags are dropped by the shared schema itself.
    tags: values.tags.map((tag) => tag.value),
    capacity: values.capacity.trim() === '' ? null : Number(values.capacity),
    // Number('') would be 0 hours: empty is none. A comma is a decimal comma ("1,5").
    cpdHours: values.cpdHours.trim() === '' ? null : Number(values.cpdHours.trim().replace(',', '.')),
  }))
  .pipe(activitySchema);

function initialValues(activity?: Activity): ActivityFormValues {
  return {
    title: activity?.title ?? '',
    description: activity?.description ?? '',
    date: toUtcInputValue(activity?.date),
    location: activity?.location ?? '',
    status: activity?.status ?? 'upcoming',
    tags: activity?.tags.length ? activity.tags.map((value) => ({ value })) : [{ value: '' }],
    capacity: activity?.capacity == null ? '' : String(activity.capacity),
    cpdHours: activity?.cpdHours == null ? '' : String(activity.cpdHours),
  };
}

interface ActivityFormProps {
  dialog: FormDialogState<Activity>;
  canEdit: boolean;
  onSave: (input: ActivityInput, item?: Revisioned) => Promise<unknown>;
}

export function ActivityForm({ dialog, canEdit, onSave }: ActivityFormProps) {
  const editing = dialog.item;
  const zoneName = useOrganisationTimeName();
  const form = useForm<ActivityFormValues, unknown, ActivityInput>({
    resolver: schemaResolver(activityFormSchema),
    defaultValues: initialValues(editing),
  });
  return (
    <FormDialog
      title={editing ? 'Edit Activity' : 'New Activity'}
      icon="calendar"
      isOpen={dialog.isOpen}
      onClose={dialog.close}
      form={form}
      onSubmit={(input) => onSave(input, editing)}
      submitText={editing ? 'Save Changes' : 'Create Activity'}
      canEdit={canEdit}
      width={720}
    >
      <TextField<ActivityFormValues> name="title" label="Title" autoFocus />
      <TextAreaField<ActivityFormValues> name="description" label="Description" rows={4} />
      <div className="form-row">
        <TextField<ActivityFormValues> name="date" label={`Date and time (${zoneName})`} type="datetime-local" />
        <TextField<ActivityFormValues> name="location" label="Location" />
      </div>
      <div className="form-row">
        <SelectField<ActivityFormValues>
          name="status"
          label="Status"
          options={[
            { value: 'upcoming', label: 'Upcoming' },
            { value: 'past', label: 'Past' },
          ]}
        />
        <TextField<ActivityFormValues>
          name="capacity"
          label="Capacity"
          type="number"
          optional
          helper="Leave empty for no limit."
        />
        <TextField<ActivityFormValues>
          name="cpdHours"
          label="CPD hours"
          optional
          helper="0 to 100, e.g. 1.5. Attendees get a certificate; leave empty for none."
        />
      </div>
      <RowsField<ActivityFormValues, 'tags'>
        name="tags"
        legend="Tags"
        itemLabel="tag"
        emptyRow={{ value: '' }}
        compact
        renderRow={(index) => (
          <TextField<ActivityFormValues> name={`tags.${index}.value`} label={`Tag ${index + 1}`} hideLabel />
        )}
      />
    </FormDialog>
  );
}
