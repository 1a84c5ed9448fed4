/**
 * Registering for an upcoming activity, and cancelling again: the full control in the activity's
 * modal, and a compact one on its card. A full activity (or one whose freed places go to people
 * waiting) offers its waitlist instead, in the modal. Whether the member is registered or waiting
 * comes from their own call (lib/registrations.ts), never from the public answers, which are cached
 * for everyone.
 */
import { failureText, formatAdminDate, type Activity } from '@npo/shared';
import { useState } from 'react';
import { statusOf, withApi } from '../../lib/api';
import { useAuth } from '../../lib/auth';
import { loginToRegisterFor, navigate } from '../../lib/navigation';
import { useRegistration } from '../../lib/registrations';
import { CheckIcon } from '../icons';

type Busy = 'registering' | 'cancelling' | 'joining' | 'leaving' | null;
type Notice = { tone: 'success' | 'error'; message: string } | null;

const EXPIRED = 'Your session has expired. Please log in again to register.';

/** The member's registration for `activity`, the calls that change it, and the places it leaves. */
function useRegisterActions(activity: Activity, onLeave: () => void) {
  const auth = useAuth();
  const registration = useRegistration(activity.id, auth);
  const [busy, setBusy] = useState<Busy>(null);
  const [notice, setNotice] = useState<Notice>(null);
  const { participants, waitlisted } = registration.counts ?? activity;
  const placesLeft = activity.capacity === null ? null : Math.max(0, activity.capacity - participants);
  // Places freed while people wait go to them (the server refuses newcomers then too).
  const full = activity.capacity !== null && (placesLeft === 0 || waitlisted > 0);

  /** Runs one call; a 401 means the session ended, so the member is logged out and told. */
  async function attempt(kind: Busy, call: () => Promise<string | undefined>, fallback: string) {
    setBusy(kind);
    try {
      setNotice({ tone: 'success', message: (await call()) ?? '' });
    } catch (error) {
      if (statusOf(error) === 401) auth.logout();
      const message = statusOf(error) === 401 ? EXPIRED : failureText(error, fallback);
      setNotice({ tone: 'error', message });
      // Already registered (409) or not registered any more (404): the state on the server wins.
      if (statusOf(error) === 404) registration.record(false);
      // Full meanwhile (409 on registering): the waitlist is offered once the counts are read again.
    } finally {
      setBusy(null);
    }
  }

  function register() {
    if (!auth.isAuthenticated) {
      // Log in first, then come back to this activity.
      onLeave();
      void navigate(loginToRegisterFor(activity.id));
      return;
    }
    void attempt(
      'registering',
      async () => {
        const answer = await withApi((api) => api.content.registerForActivity(activity.id));
        registration.record(true, answer.data);
        return answer.message ?? 'You are registered for this activity.';
      },
      'Registration failed. Please try again.',
    );
  }

  function cancel() {
    void attempt(
      'cancelling',
      async () => {
        const answer = await withApi((api) => api.content.cancelRegistration(activity.id));
        registration.record(false, answer.data);
        return answer.message ?? 'Your registration is cancelled.';
      },
      'Cancelling failed. Please try again.',
    );
  }

  function joinWaitlist() {
    if (!auth.isAuthenticated) {
      onLeave();
      void navigate(loginToRegisterFor(activity.id));
      return;
    }
    void attempt(
      'joining',
      async () => {
        const answer = await withApi((api) => api.content.joinWaitlist(activity.id));
        // They joined last: their place is the length of the line.
        registration.record(false, answer.data, { position: answer.data.waitlisted, offerExpiresAt: null });
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
        registration.record(false, answer.data);
        return answer.message ?? 'You have left the waitlist.';
      },
      'Leaving the waitlist failed. Please try again.',
    );
  }

  return { auth, ...registration, busy, notice, placesLeft, full, register, cancel, joinWaitlist, leaveWaitlist };
}

/** Where the member stands in the line: their number, or the place held for them. */
function waitlistText(waitlist: { position: number; offerExpiresAt: string | null }): string {
  if (waitlist.offerExpiresAt !== null)
    return `A place is held for you until ${formatAdminDate(waitlist.offerExpiresAt)} UTC: take it with the link we e-mailed you.`;
  return `You're number ${waitlist.position} on the waitlist. We will e-mail you if a place becomes free.`;
}

export function RegisterButton({ activity, onLeave }: { activity: Activity; onLeave: () => void }) {
  const actions = useRegisterActions(activity, onLeave);
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

type RegisterActions = ReturnType<typeof useRegisterActions>;

/** A full activity's control in the modal: join its waitlist, or leave it. */
function WaitlistControl({ actions, status }: { actions: RegisterActions; status: Notice }) {
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

function placesText(placesLeft: number): string {
  if (placesLeft === 0) return 'Fully booked';
  return placesLeft === 1 ? '1 place left' : `${placesLeft} places left`;
}

/**
 * The card's part: "Registered" for a registered member, else the places left (when the activity has
 * a capacity) and a Register button (a visitor goes to log in first, as in the modal). Cancelling is
 * the modal's: a card offers no one-click way to lose a place. `titleId` names what the button registers for.
 */
export function CardRegistration({ activity, titleId }: { activity: Activity; titleId: string }) {
  const { registered, waitlist, checking, busy, notice, placesLeft, full, register } = useRegisterActions(
    activity,
    () => undefined,
  );
  return (
    <div className="activity-card__register" aria-busy={checking || busy !== null}>
      <p className="activity-card__state" role="status">
        {registered ? (
          <span className="activity-card__registered">
            <CheckIcon size={16} />
            Registered
          </span>
        ) : waitlist ? (
          'On the waitlist'
        ) : notice?.tone === 'error' ? (
          <span className="activity-card__error">{notice.message}</span>
        ) : (
          placesLeft !== null && placesText(full ? 0 : placesLeft)
        )}
      </p>
      {!registered && !full && !waitlist && (
        <button
          type="button"
          className="button button--primary button--small"
          aria-describedby={titleId}
          disabled={busy !== null || checking}
          onClick={register}
        >
          {busy === 'registering' ? 'Registering...' : 'Register'}
        </button>
      )}
    </div>
  );
}
