import { formatPublicActivityDate, type Activity } from '@npo/shared';
import { CalendarIcon, LocationIcon } from '../icons';

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
  return (
    <ul className="tags" aria-label="Tags">
      {tags.map((tag) => (
        <li key={tag} className="tag tag--muted">
          {tag}
        </li>
      ))}
    </ul>
  );
}

interface ActivityCardProps {
  activity: Activity;
  onOpen: (activity: Activity, opener: HTMLButtonElement) => void;
}

/** The whole card opens the activity; its one real control is the button on the title (stretched over the card in CSS). */
export function ActivityCard({ activity, onOpen }: ActivityCardProps) {
  return (
    <article className="card activity-card">
      <h4 className="activity-card__title">
        <button
          type="button"
          className="activity-card__open"
          aria-haspopup="dialog"
          onClick={(event) => onOpen(activity, event.currentTarget)}
        >
          {activity.title}
        </button>
      </h4>
      <ActivityMeta activity={activity} />
      <p className="activity-card__description">{activity.description}</p>
      <Tags tags={activity.tags} />
    </article>
  );
}
