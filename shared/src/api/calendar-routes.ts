/**
 * The activities' calendar files, which the home page links to: defined here and spread into the
 * route table (routes.ts), so the page builds their paths from these two routes alone. Importing the
 * whole table put it in the home page's first load (4 kB gzip over the page's 80 kB budget).
 */
import { route } from './route.js';

export const CALENDAR_ROUTES = {
  // Before /activities/:id in the table, which would take "calendar.ics" for an id.
  calendarFeed: route('get', '/activities/calendar.ics', 'public', {
    publicCache: [],
  }),
  calendarFile: route('get', '/activities/:id/calendar.ics', 'public', {
    publicCache: [],
  }),
};
