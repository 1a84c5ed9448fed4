/**
 * Registering for an upcoming activity, and cancelling again. Whether the member is registered is
 * asked apart from the activity itself: the public answers are cached for everyone, so they never say
 * anything about one person.
 */
import { failureText, type Activity } from '@npo/shared';
import { useEffect, useEffectEvent, useState } from 'react';
import { statusOf, withApi } from '../../lib/api';
import { useAuth, type Auth } from '../../lib/auth';
import { navigate } from '../../lib/navigation';

type Busy = 'checking' | 'registering' | 'cancelling' | null;
type Notice = { tone: 'success' | 'error'; message: string } | null;

const EXPIRED = 'Your session has expired. Please log in again to register.';

/** Asks once the member is known: false for visitors, and when the answer cannot be had. */
function useRegistered(activity: Activity, auth: Auth) {
  const [registered, setRegistered] = useState(false);
  // The question being asked: this activity for this session (the token decides the answer), or
  // none for a visitor. Checking lasts from a new question until its answer or failure.
  const question = auth.isAuthenticated ? `${activity.id} ${auth.token}` : null;
  const [answered, setAnswered] = useState<string | null>(null);
  const checking = question !== null && answered !== question;
  // auth is a new object on every render: the latest one signs out.
  const signOut = useEffectEvent(() => auth.logout());
  useEffect(() => {
    if (question === null) return;
    let current = true;
    withApi((api) => api.content.activityRegistration(activity.id))
      .then((answer) => current && setRegistered(answer.registered))
      .catch((error: unknown) => {
        if (current && statusOf(error) === 401) signOut();
      })
      .finally(() => current && setAnswered(question));
    return () => {
      current = false;
    };
  }, [activity.id, question]);
  return { registered, setRegistered, checking };
}

export function RegisterButton({ activity, onLeave }: { activity: Activity; onLeave: () => void }) {
  const auth = useAuth();
  const { registered, setRegistered, checking } = useRegistered(activity, auth);
  const [busy, setBusy] = useState<Busy>(null);
  const [notice, setNotice] = useState<Notice>(null);

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
      if (statusOf(error) === 404) setRegistered(false);
    } finally {
      setBusy(null);
    }
  }

  function register() {
    if (!auth.isAuthenticated) {
      // Log in first, then come back to this activity.
      onLeave();
      void navigate(`/login?next=${encodeURIComponent(`/?activity=${activity.id}`)}`);
      return;
    }
    void attempt(
      'registering',
      async () => {
        const answer = await withApi((api) => api.content.registerForActivity(activity.id));
        setRegistered(true);
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
        setRegistered(false);
        return answer.message ?? 'Your registration is cancelled.';
      },
      'Cancelling failed. Please try again.',
    );
  }

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
