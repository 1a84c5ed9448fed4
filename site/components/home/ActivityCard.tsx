import { formatPublicActivityDate, type Activity } from '@npo/shared';
import { CalendarIcon, LocationIcon } from '../icons';
import { CardRegistration } from './CardRegistration';

export function ActivityMeta({ activity }: { activity: Activity }) {
  return (
    <ul className="activity-meta">
      <li>
        <CalendarIcon size={16} />
        <time dateTime={activity.date}>{formatPublicActivityDate(activity.date)}</time>
      </li>
      <li>
        <LocationIcon size={16} />
        {activity.location}
      </li>
    </ul>
  );
}

export function Tags({ tags }: { tags: string[] }) {
  if (tags.length === 0) return null;
  // Named by a hidden word rather than aria-label, which a plain list does not take (html-validate).
  return (
    <>
      <span className="visually-hidden">Tags:</span>
      <ul className="tags">
        {tags.map((tag) => (
          <li key={tag} className="tag tag--muted">
            {tag}
          </li>
        ))}
      </ul>
    </>
  );
}

interface ActivityCardProps {
  activity: Activity;
  onOpen: (activity: Activity, opener: HTMLButtonElement) => void;
}

/**
 * The whole card opens the activity: its View button is stretched over the card in CSS (named with
 * the title, so "View" says which). An upcoming activity's card also registers: the Register button
 * and the state line sit above that stretched button.
 */
export function ActivityCard({ activity, onOpen }: ActivityCardProps) {
  const titleId = `activity-card-${activity.id}-title`;
  return (
    <article className="card activity-card" aria-labelledby={titleId}>
      <h4 id={titleId} className="activity-card__title">
        {activity.title}
      </h4>
      <ActivityMeta activity={activity} />
      <p className="activity-card__description">{activity.description}</p>
      <Tags tags={activity.tags} />
      <div className="activity-card__actions">
        <button
          type="button"
          className="button button--secondary button--small activity-card__open"
          aria-haspopup="dialog"
          aria-label={`View ${activity.title}`}
          onClick={(event) => onOpen(activity, event.currentTarget)}
        >
          View
        </button>
        {activity.status === 'upcoming' && <CardRegistration activity={activity} titleId={titleId} />}
      </div>
    </article>
  );
}
