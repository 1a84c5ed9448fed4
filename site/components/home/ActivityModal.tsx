import type { Activity } from '@npo/shared';
import { useEffect, useRef, useState } from 'react';
import { messageOf, statusOf, withApi } from '../../lib/api';
import { useAuth } from '../../lib/auth';
import { navigate } from '../../lib/navigation';
import { CloseIcon } from '../icons';
import { ActivityMeta, Tags } from './ActivityCard';

const FOCUSABLE = 'a[href], button:not([disabled]), input, select, textarea, [tabindex]:not([tabindex="-1"])';

/** Keeps Tab and Shift+Tab inside the dialog: from the last control back to the first and the other way. */
function trapTab(event: KeyboardEvent, container: HTMLElement): void {
  const focusable = [...container.querySelectorAll<HTMLElement>(FOCUSABLE)];
  const first = focusable[0];
  const last = focusable.at(-1);
  if (!first || !last) return;
  const active = document.activeElement;
  if (event.shiftKey && (active === first || !container.contains(active))) {
    event.preventDefault();
    last.focus();
  } else if (!event.shiftKey && (active === last || !container.contains(active))) {
    event.preventDefault();
    first.focus();
  }
}

type Registration = { state: 'idle' } | { state: 'sending' } | { state: 'done' | 'failed'; message: string };

function RegisterButton({ activity, onLeave }: { activity: Activity; onLeave(): void }) {
  const auth = useAuth();
  const [registration, setRegistration] = useState<Registration>({ state: 'idle' });

  async function register() {
    if (!auth.isAuthenticated) {
      // Log in first, then come back to this activity.
      onLeave();
      void navigate(`/login?next=${encodeURIComponent(`/?activity=${activity.id}`)}`);
      return;
    }
    setRegistration({ state: 'sending' });
    try {
      const answer = await withApi((api) => api.content.registerForActivity(activity.id));
      setRegistration({ state: 'done', message: answer.message ?? 'You are registered for this activity.' });
    } catch (error) {
      if (statusOf(error) === 401) {
        auth.logout();
        setRegistration({ state: 'failed', message: 'Your session has expired. Please log in again to register.' });
        return;
      }
      setRegistration({ state: 'failed', message: messageOf(error, 'Registration failed. Please try again.') });
    }
  }

  return (
    <div className="activity-register">
      {registration.state === 'done' || registration.state === 'failed' ? (
        <p className={`alert alert--${registration.state === 'done' ? 'success' : 'error'}`} role="status">
          {registration.message}
        </p>
      ) : null}
      {registration.state !== 'done' && (
        <button
          type="button"
          className="button button--primary"
          disabled={registration.state === 'sending'}
          onClick={register}
        >
          {registration.state === 'sending'
            ? 'Registering...'
            : auth.isAuthenticated
              ? 'Register'
              : 'Log in to register'}
        </button>
      )}
    </div>
  );
}

interface ActivityModalProps {
  activity: Activity;
  onClose(): void;
}

/**
 * The activity in a modal dialog: the page behind is inert and does not scroll, Escape and the close
 * button close it, Tab stays inside, and focus returns to the card that opened it (the caller's job).
 */
export function ActivityModal({ activity, onClose }: ActivityModalProps) {
  const dialog = useRef<HTMLDialogElement>(null);
  const titleId = `activity-${activity.id}-title`;

  useEffect(() => {
    const element = dialog.current;
    if (!element) return;
    if (!element.open) element.showModal();
    document.documentElement.classList.add('scroll-locked');
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Tab') trapTab(event, element);
    };
    element.addEventListener('keydown', onKey);
    return () => {
      element.removeEventListener('keydown', onKey);
      document.documentElement.classList.remove('scroll-locked');
      if (element.open) element.close();
    };
  }, []);

  return (
    <dialog
      ref={dialog}
      className="modal"
      aria-labelledby={titleId}
      onCancel={(event) => {
        // Escape: close through React state so the caller restores focus.
        event.preventDefault();
        onClose();
      }}
      onClick={(event) => {
        // A click on the backdrop (the dialog element itself, outside its panel) closes it too.
        if (event.target === event.currentTarget) onClose();
      }}
    >
      <div className="modal__panel">
        <div className="modal__header">
          <span className={`badge badge--${activity.status}`}>
            {activity.status === 'upcoming' ? 'Upcoming' : 'Past'}
          </span>
          <button type="button" className="modal__close" aria-label="Close" onClick={onClose}>
            <CloseIcon size={22} />
          </button>
        </div>
        <h2 id={titleId} className="modal__title">
          {activity.title}
        </h2>
        <ActivityMeta activity={activity} />
        <p className="modal__description">{activity.description}</p>
        <Tags tags={activity.tags} />
        {activity.status === 'upcoming' && <RegisterButton activity={activity} onLeave={onClose} />}
      </div>
    </dialog>
  );
}
