import { CALENDAR_ROUTES, pathOf, type Activity } from '@npo/shared';
import { useEffect, useRef } from 'react';
import { CloseIcon } from '../icons';
import { ActivityMeta, Tags } from './ActivityCard';
import { CalendarLink } from './CalendarLink';
import { RegisterButton } from './RegisterButton';

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

interface ActivityModalProps {
  activity: Activity;
  onClose: () => void;
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
        {/* A past activity is nothing to put in a calendar any more. */}
        {activity.status === 'upcoming' && (
          <>
            <CalendarLink href={pathOf(CALENDAR_ROUTES.calendarFile, { id: activity.id })} download>
              Add to calendar
            </CalendarLink>
            <RegisterButton activity={activity} onLeave={onClose} />
          </>
        )}
      </div>
    </dialog>
  );
}
