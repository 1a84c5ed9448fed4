/**
 * Staff's mail to an activity's attendees (issue 58), sent through the mail queue: who receives it
 * (an audience of ACTIVITY_MAIL_AUDIENCES), a subject and a message. The number of recipients is read
 * from the server for the chosen audience and shown before anything is sent.
 */
import { Callout } from '@blueprintjs/core';
import {
  ACTIVITY_MAIL_AUDIENCE_LABELS,
  ACTIVITY_MAIL_AUDIENCES,
  activityMailSchema,
  changeOf,
  ROUTES,
  type Activity,
  type ActivityMailAudience,
  type ActivityMailInput,
} from '@npo/shared';
import { useQuery } from '@tanstack/react-query';
import { useForm, useWatch } from 'react-hook-form';
import { api } from '../../api/client';
import { queryKeys } from '../../api/query-keys';
import { useAdminMutation } from '../../data/useAdminMutation';
import { SelectField, TextAreaField, TextField } from '../../ui/form/fields';
import { FormDialog } from '../../ui/form/FormDialog';
import { schemaResolver } from '../../ui/form/resolver';
import { notifyFailure } from '../../ui/toaster';

type MailValues = ActivityMailInput;

const people = (count: number) => (count === 1 ? '1 person' : `${count} people`);

function useRecipientCount(activityId: number, audience: ActivityMailAudience) {
  return useQuery({
    // Under the activities key: a registration or a removal refreshes it with the rest.
    queryKey: [...queryKeys.activities, activityId, 'mail-recipients', audience],
    queryFn: () => api.admin.activities.mailRecipients(activityId, { audience }),
  });
}

interface MailAttendeesDialogProps {
  activity: Activity;
  canEdit: boolean;
  onClose: () => void;
}

export function MailAttendeesDialog({ activity, canEdit, onClose }: MailAttendeesDialogProps) {
  const form = useForm<MailValues, unknown, MailValues>({
    resolver: schemaResolver(activityMailSchema),
    defaultValues: { audience: 'registered', subject: '', message: '' },
  });
  const audience = useWatch({ control: form.control, name: 'audience' });
  const recipients = useRecipientCount(activity.id, audience);
  const count = recipients.data?.count;
  const send = useAdminMutation<MailValues, { queued: number }>({
    change: (body) => ({
      ...changeOf(ROUTES.activities.mailAttendees, { params: { id: activity.id }, body }),
      label: `E-mail the attendees of “${activity.title}”`,
    }),
    success: (result) => `Mail queued for ${people(result.queued)}`,
    failure: 'Failed to send the mail',
  });

  async function submit(values: MailValues) {
    if (count === 0) {
      notifyFailure(['No one would receive this mail: nobody in this audience is registered.']);
      return false;
    }
    return send.mutateAsync(values);
  }

  return (
    <FormDialog
      title={`E-mail attendees: ${activity.title}`}
      icon="envelope"
      isOpen
      onClose={onClose}
      form={form}
      onSubmit={submit}
      submitText={count === undefined ? 'Send' : `Send to ${people(count)}`}
      canEdit={canEdit}
    >
      <SelectField<MailValues>
        name="audience"
        label="To"
        options={ACTIVITY_MAIL_AUDIENCES.map((value) => ({ value, label: ACTIVITY_MAIL_AUDIENCE_LABELS[value] }))}
      />
      <Callout intent={count === 0 ? 'warning' : 'primary'} icon="people" role="status" className="mail-recipients">
        {recipients.isError
          ? 'The number of recipients could not be read.'
          : count === undefined
            ? 'Counting the recipients…'
            : `This mail goes to ${people(count)}, one mail each, through the mail queue.`}
      </Callout>
      <TextField<MailValues> name="subject" label="Subject" autoFocus />
      <TextAreaField<MailValues> name="message" label="Message" rows={8} />
    </FormDialog>
  );
}
