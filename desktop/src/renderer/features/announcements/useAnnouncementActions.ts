/**
 * What staff do with an announcement beyond editing it: a test to themselves, send now (confirmed),
 * schedule and cancel the schedule, and retry a failed recipient. Sends carry the revision on screen
 * (If-Match), so an edit made meanwhile by someone else is never sent unseen.
 */
import { ROUTES, changeOf, type Announcement, type AnnouncementRecipient } from '@npo/shared';
import { api } from '../../api/client';
import { describeError } from '../../api/errors';
import { useAdminMutation } from '../../data/useAdminMutation';
import { useConfirm } from '../../ui/ConfirmProvider';
import { notifyFailure } from '../../ui/toaster';

/** "Send this announcement to 1 recipient now? …": the number the server counts for the audience now. */
export function sendNowQuestion(recipients: number): string {
  const who = `${recipients.toLocaleString('en-US')} ${recipients === 1 ? 'recipient' : 'recipients'}`;
  return `Send this announcement to ${who} now? It cannot be changed once sent.`;
}

export function useAnnouncementActions() {
  const confirm = useConfirm();
  const sendTest = useAdminMutation<Announcement>({
    change: (item) => ({
      ...changeOf(ROUTES.announcements.sendTest, { params: { id: item.id } }),
      label: `Test of the announcement ${item.subject}`,
    }),
    success: 'Test mail sent to your address',
    failure: 'Failed to send the test mail',
  });
  const send = useAdminMutation<{ item: Announcement; scheduledAt: string | null }>({
    change: ({ item, scheduledAt }) => ({
      ...changeOf(ROUTES.announcements.send, {
        params: { id: item.id },
        body: { scheduledAt },
        revision: item.revision,
      }),
      label: `${scheduledAt ? 'Schedule' : 'Send'} the announcement ${item.subject}`,
    }),
    success: (_result, { scheduledAt }) => (scheduledAt ? 'Announcement scheduled' : 'Announcement is being sent'),
    failure: 'Failed to send the announcement',
  });
  const unschedule = useAdminMutation<Announcement>({
    change: (item) => ({
      ...changeOf(ROUTES.announcements.unschedule, { params: { id: item.id }, revision: item.revision }),
      label: `Cancel the schedule of the announcement ${item.subject}`,
    }),
    success: 'Schedule cancelled: the announcement is a draft again',
    failure: 'Failed to cancel the schedule',
  });
  const retry = useAdminMutation<{ item: Announcement; recipient: AnnouncementRecipient }>({
    change: ({ item, recipient }) => ({
      ...changeOf(ROUTES.announcements.retryRecipient, { params: { id: item.id, mailId: recipient.mailId } }),
      label: `Retry the announcement to ${recipient.recipient}`,
    }),
    success: 'Mail queued to be sent again',
    failure: 'Failed to retry the mail',
  });

  /** Asks with the number of recipients the server counts now; no count, no send (it needs the server anyway). */
  async function sendNow(item: Announcement) {
    let recipients: number;
    try {
      recipients = (await api.admin.announcements.audience(item.id)).recipients;
    } catch (error) {
      notifyFailure(describeError(error, 'Failed to count the recipients'));
      return;
    }
    const sure = await confirm({
      message: sendNowQuestion(recipients),
      details: item.subject,
      confirmText: 'Send now',
      intent: 'primary',
      icon: 'send-message',
    });
    if (sure) send.mutate({ item, scheduledAt: null });
  }

  return {
    sendTest: (item: Announcement) => sendTest.mutate(item),
    sendNow,
    /** For the schedule dialog: resolves once scheduled, rejects with the server's answer. */
    schedule: (item: Announcement, scheduledAt: string) => send.mutateAsync({ item, scheduledAt }),
    unschedule: (item: Announcement) => unschedule.mutate(item),
    retry: (item: Announcement, recipient: AnnouncementRecipient) => retry.mutate({ item, recipient }),
    busy: sendTest.isPending || send.isPending || unschedule.isPending,
    retryingId: retry.isPending ? retry.variables?.recipient.mailId : undefined,
  };
}
