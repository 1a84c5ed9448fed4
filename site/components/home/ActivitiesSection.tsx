import { CALENDAR_ROUTES, pathOf, type Activity } from '@npo/shared';
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { usePageContext } from 'vike-react/usePageContext';
import { useContent } from '../../lib/content';
import { ActivityCard } from './ActivityCard';
import { CalendarLink } from './CalendarLink';
import { Section, StatusText } from './Section';

// The modal is never part of the server's HTML: its code loads when a card is first pointed at or opened.
const loadModal = () => import('./ActivityModal');
const ActivityModal = lazy(() => loadModal().then((module) => ({ default: module.ActivityModal })));

interface ActivityListProps {
  title: string;
  emptyText: string;
  activities: Activity[] | undefined;
  isPending: boolean;
  isError: boolean;
  onOpen: (activity: Activity, opener: HTMLButtonElement) => void;
}

function ActivityList({ title, emptyText, activities, isPending, isError, onOpen }: ActivityListProps) {
  let body;
  if (isPending) body = <StatusText>Loading activities...</StatusText>;
  else if (isError || !activities) body = <StatusText>Failed to load activities</StatusText>;
  else if (activities.length === 0) body = <StatusText>{emptyText}</StatusText>;
  else
    body = (
      <ul className="activity-grid" onPointerOver={() => void loadModal()} onFocus={() => void loadModal()}>
        {activities.map((activity) => (
          <li key={activity.id}>
            <ActivityCard activity={activity} onOpen={onOpen} />
          </li>
        ))}
      </ul>
    );
  return (
    <div className="activity-list">
      <h3 className="subheading">{title}</h3>
      {body}
    </div>
  );
}

export function ActivitiesSection() {
  const upcoming = useContent('upcomingActivities');
  const past = useContent('pastActivities');
  const [open, setOpen] = useState<Activity | null>(null);
  const opener = useRef<HTMLElement | null>(null);
  const { urlParsed } = usePageContext();
  const requested = Number(urlParsed.search.activity);

  // Back from logging in to register (?activity=ID): show that activity again, opened while
  // rendering; the page then scrolls to the section and the address loses the parameter.
  const requestedActivity = requested ? upcoming.data?.find((candidate) => candidate.id === requested) : undefined;
  const [shownRequest, setShownRequest] = useState<Activity | undefined>(undefined);
  if (requestedActivity && requestedActivity !== shownRequest) {
    setShownRequest(requestedActivity);
    setOpen(requestedActivity);
  }
  useEffect(() => {
    if (!shownRequest) return;
    document.getElementById('activities')?.scrollIntoView({ block: 'start' });
    history.replaceState(history.state, '', '/#activities');
  }, [shownRequest]);

  function openActivity(activity: Activity, button: HTMLButtonElement) {
    opener.current = button;
    setOpen(activity);
  }

  // Focus goes back to the card that opened the modal once the modal is gone (a modal dialog makes
  // the rest of the page inert while it is open, so focusing earlier would not take).
  useEffect(() => {
    if (open === null) opener.current?.focus();
  }, [open]);

  const close = () => setOpen(null);

  return (
    <Section
      id="activities"
      title="Activities"
      eyebrow="Learn together"
      intro={
        <>
          Webinars, case study circles, workshops and conferences organised by and for our members.{' '}
          <CalendarLink href={pathOf(CALENDAR_ROUTES.calendarFeed, {})}>Subscribe to calendar</CalendarLink>
        </>
      }
    >
      <div className="activities">
        <ActivityList
          title="Upcoming"
          emptyText="No upcoming activities yet."
          activities={upcoming.data}
          isPending={upcoming.isPending}
          isError={upcoming.isError}
          onOpen={openActivity}
        />
        <ActivityList
          title="Past"
          emptyText="No past activities yet."
          activities={past.data}
          isPending={past.isPending}
          isError={past.isError}
          onOpen={openActivity}
        />
      </div>
      {open && (
        <Suspense fallback={null}>
          <ActivityModal activity={open} onClose={close} />
        </Suspense>
      )}
    </Section>
  );
}
