import type { ReactNode } from 'react';
import { CalendarIcon } from '../icons';

interface CalendarLinkProps {
  href: string;
  /** Save the file (one activity) rather than open it in place (the feed a calendar app subscribes to). */
  download?: boolean;
  children: ReactNode;
}

/** A plain link to an iCalendar file: the browser saves it or hands it to the calendar app, no script involved. */
export function CalendarLink({ href, download = false, children }: CalendarLinkProps) {
  return (
    <a className="calendar-link" href={href} type="text/calendar" download={download || undefined}>
      <CalendarIcon size={18} />
      {children}
    </a>
  );
}
