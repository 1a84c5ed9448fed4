/** How each state of a queued mail is tagged, in the table and in one mail's detail alike. */
import type { Intent } from '@blueprintjs/core';
import type { MailState } from '@npo/shared';

export const STATE_INTENTS: Record<MailState, Intent> = {
  queued: 'primary',
  sending: 'warning',
  sent: 'success',
  failed: 'danger',
};
