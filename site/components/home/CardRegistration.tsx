import type { Activity } from '@npo/shared';
import { CheckIcon } from '../icons';
import { useRegisterActions } from './register-actions';

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
