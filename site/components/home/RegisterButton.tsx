/**
 * Registering for an upcoming activity in its modal, and cancelling again; a full activity (or one
 * whose freed places go to people waiting) offers its waitlist instead. It loads with the modal: the
 * card's compact control (CardRegistration.tsx) shares only register-actions.ts with it.
 */
import { formatAdminDate, type Activity } from '@npo/shared';
import { withApi } from '../../lib/api';
import { useRegisterActions, type Notice } from './register-actions';

/** The card's actions, and the modal's own: cancel, and join or leave the waitlist. */
function useModalActions(activity: Activity, onLeave: () => void) {
  const actions = useRegisterActions(activity, onLeave);
  const { attempt } = actions;

  function cancel() {
    void attempt(
      'cancelling',
      async () => {
        const answer = await withApi((api) => api.content.cancelRegistration(activity.id));
        actions.record(false, answer.data);
        return answer.message ?? 'Your registration is cancelled.';
      },
      'Cancelling failed. Please try again.',
    );
  }

  function joinWaitlist() {
    if (actions.sentToLogin()) return;
    void attempt(
      'joining',
      async () => {
        const answer = await withApi((api) => api.content.joinWaitlist(activity.id));
        // They joined last: their place is the length of the line.
        actions.record(false, answer.data, { position: answer.data.waitlisted, offerExpiresAt: null });
        return answer.message ?? 'You are on the waitlist.';
      },
      'Joining the waitlist failed. Please try again.',
    );
  }

  function leaveWaitlist() {
    void attempt(
      'leaving',
      async () => {
        const answer = await withApi((api) => api.content.leaveWaitlist(activity.id));
        actions.record(false, answer.data);
        return answer.message ?? 'You have left the waitlist.';
      },
      'Leaving the waitlist failed. Please try again.',
    );
  }

  return { ...actions, cancel, joinWaitlist, leaveWaitlist };
}

type ModalActions = ReturnType<typeof useModalActions>;

/** Where the member stands in the line: their number, or the place held for them. */
function waitlistText(waitlist: { position: number; offerExpiresAt: string | null }): string {
  if (waitlist.offerExpiresAt !== null)
    return `A place is held for you until ${formatAdminDate(waitlist.offerExpiresAt)} UTC: take it with the link we e-mailed you.`;
  return `You're number ${waitlist.position} on the waitlist. We will e-mail you if a place becomes free.`;
}

export function RegisterButton({ activity, onLeave }: { activity: Activity; onLeave: () => void }) {
  const actions = useModalActions(activity, onLeave);
  const { auth, registered, waitlist, checking, busy, notice, full, register, cancel } = actions;
  const standing = registered ? "You're registered." : waitlist && waitlistText(waitlist);
  const status = notice ?? (standing ? { tone: 'success', message: standing } : null);
  if (!registered && (waitlist || full)) return <WaitlistControl actions={actions} status={status} />;
  return (
    <div className="activity-register" aria-busy={checking || busy !== null}>
      {status && (
        <p className={`alert alert--${status.tone}`} role="status">
          {status.message}
        </p>
      )}
      {registered ? (
        <button type="button" className="button button--secondary" disabled={busy !== null} onClick={cancel}>
          {busy === 'cancelling' ? 'Cancelling...' : 'Cancel registration'}
        </button>
      ) : (
        <button
          type="button"
          className="button button--primary"
          disabled={busy !== null || checking}
          onClick={register}
        >
          {busy === 'registering' ? 'Registering...' : auth.isAuthenticated ? 'Register' : 'Log in to register'}
        </button>
      )}
    </div>
  );
}

/** A full activity's control in the modal: join its waitlist, or leave it. */
function WaitlistControl({ actions, status }: { actions: ModalActions; status: Notice }) {
  const { auth, waitlist, checking, busy, joinWaitlist, leaveWaitlist } = actions;
  return (
    <div className="activity-register" aria-busy={checking || busy !== null}>
      {status && (
        <p className={`alert alert--${status.tone}`} role="status">
          {status.message}
        </p>
      )}
      {waitlist ? (
        <button type="button" className="button button--secondary" disabled={busy !== null} onClick={leaveWaitlist}>
          {busy === 'leaving' ? 'Leaving...' : 'Leave the waitlist'}
        </button>
      ) : (
        <>
          {!status && <p>This activity is fully booked.</p>}
          <button
            type="button"
            className="button button--primary"
            disabled={busy !== null || checking}
            onClick={joinWaitlist}
          >
            {busy === 'joining'
              ? 'Joining...'
              : auth.isAuthenticated
                ? 'Join the waitlist'
                : 'Log in to join the waitlist'}
          </button>
        </>
      )}
    </div>
  );
}
