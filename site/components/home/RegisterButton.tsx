/**
 * Registering for an upcoming activity, and cancelling again: the full control in the activity's
 * modal, and a compact one on its card. Whether the member is registered comes from their own call
 * (lib/registrations.ts), never from the public answers, which are cached for everyone.
 */
import { failureText, type Activity } from '@npo/shared';
import { useState } from 'react';
import { statusOf, withApi } from '../../lib/api';
import { useAuth } from '../../lib/auth';
import { loginToRegisterFor, navigate } from '../../lib/navigation';
import { useRegistration } from '../../lib/registrations';
import { CheckIcon } from '../icons';

type Busy = 'registering' | 'cancelling' | null;
type Notice = { tone: 'success' | 'error'; message: string } | null;

const EXPIRED = 'Your session has expired. Please log in again to register.';

/** The member's registration for `activity`, the calls that change it, and the places it leaves. */
function useRegisterActions(activity: Activity, onLeave: () => void) {
  const auth = useAuth();
  const registration = useRegistration(activity.id, auth);
  const [busy, setBusy] = useState<Busy>(null);
  const [notice, setNotice] = useState<Notice>(null);
  const participants = registration.participants ?? activity.participants;
  const placesLeft = activity.capacity === null ? null : Math.max(0, activity.capacity - participants);

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
        registration.record(true, answer.data.participants);
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
        registration.record(false, answer.data.participants);
        return answer.message ?? 'Your registration is cancelled.';
      },
      'Cancelling failed. Please try again.',
    );
  }

  return { auth, ...registration, busy, notice, placesLeft, register, cancel };
}

export function RegisterButton({ activity, onLeave }: { activity: Activity; onLeave: () => void }) {
  const { auth, registered, checking, busy, notice, register, cancel } = useRegisterActions(activity, onLeave);
  const status = notice ?? (registered ? { tone: 'success', message: "You're registered." } : null);
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
  const { registered, checking, busy, notice, placesLeft, register } = useRegisterActions(activity, () => undefined);
  const full = placesLeft === 0 && !registered;
  return (
    <div className="activity-card__register" aria-busy={checking || busy !== null}>
      <p className="activity-card__state" role="status">
        {registered ? (
          <span className="activity-card__registered">
            <CheckIcon size={16} />
            Registered
          </span>
        ) : notice?.tone === 'error' ? (
          <span className="activity-card__error">{notice.message}</span>
        ) : (
          placesLeft !== null && placesText(placesLeft)
        )}
      </p>
      {!registered && !full && (
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
