/**
 * What an activity's card and its modal share of registering: the member's registration (asked by
 * their own call, lib/registrations.ts, never from the public answers, which are cached for
 * everyone), the places it leaves, and one call at a time with its outcome. The card only registers;
 * the modal's cancelling and waitlist calls (RegisterButton.tsx) load with the modal.
 */
import { failureText, type Activity } from '@npo/shared';
import { useState } from 'react';
import { statusOf, withApi } from '../../lib/api';
import { useAuth } from '../../lib/auth';
import { loginToRegisterFor, navigate } from '../../lib/navigation';
import { useRegistration } from '../../lib/registrations';

type Busy = 'registering' | 'cancelling' | 'joining' | 'leaving' | null;
export type Notice = { tone: 'success' | 'error'; message: string } | null;

const EXPIRED = 'Your session has expired. Please log in again to register.';

/** The member's registration for `activity`, the call that registers, and the places it leaves. */
export function useRegisterActions(activity: Activity, onLeave: () => void) {
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

  /** A visitor logs in first, then comes back to this activity: true when they were sent there. */
  function sentToLogin(): boolean {
    if (auth.isAuthenticated) return false;
    onLeave();
    void navigate(loginToRegisterFor(activity.id));
    return true;
  }

  function register() {
    if (sentToLogin()) return;
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

  return { auth, ...registration, busy, notice, placesLeft, full, attempt, sentToLogin, register };
}
