/**
 * iCalendar (RFC 5545) text for the activities: one event per activity, in a file of its own or in
 * the feed of every upcoming one that calendar apps subscribe to. Written by hand: the format is a
 * few lines of text, and a library for it would only be needed to read calendars, which we never do.
 */
import { wallClockInstant, type Activity } from '@npo/shared';

export interface CalendarSite {
  /** PUBLIC_URL, without a trailing slash: the host names the UIDs, the home page links the events. */
  publicUrl: string;
  organisationName: string;
  /** ORGANISATION_TIME_ZONE: an activity's date is its wall clock there. */
  timeZone: string;
}

/**
 * Activities store a start instant and no end: an hour is what a webinar or a case study circle
 * usually takes, and a calendar needs some block to show.
 */
export const DEFAULT_DURATION_MS = 60 * 60 * 1000;

/** How often a subscribed calendar app should fetch the feed again: activities are planned weeks ahead. */
export const FEED_REFRESH = 'PT6H';

const CRLF = '\r\n';
/** RFC 5545 3.1: content lines are at most 75 octets, the line break excluded. */
const MAX_LINE_OCTETS = 75;

/** TEXT values (RFC 5545 3.3.11): backslash first, so the escapes added after it stay single. */
export function escapeText(value: string): string {
  return value
    .replace(/\\/g, '\\\\')
    .replace(/;/g, '\\;')
    .replace(/,/g, '\\,')
    .replace(/\r\n|\r|\n/g, '\\n');
}

/**
 * Splits a content line after 75 octets, continuing with CRLF and a space (which counts towards the
 * next line's 75). Walks code points, so a UTF-8 sequence (an accent, an emoji) never breaks in two.
 */
export function foldLine(line: string): string {
  const lines: string[] = [];
  let current = '';
  let octets = 0;
  for (const character of line) {
    const size = Buffer.byteLength(character);
    const room = lines.length === 0 ? MAX_LINE_OCTETS : MAX_LINE_OCTETS - 1;
    if (octets + size > room) {
      lines.push(current);
      current = '';
      octets = 0;
    }
    current += character;
    octets += size;
  }
  lines.push(current);
  return lines.join(`${CRLF} `);
}

/** DATE-TIME in UTC (form 2): 20261214T100000Z. */
export function utcDateTime(instant: Date | string): string {
  return new Date(instant)
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '');
}

/** Stable per activity and per site, whatever its title or date become: edits update the same event. */
export function uidOf(activityId: number, site: CalendarSite): string {
  return `activity-${activityId}@${new URL(site.publicUrl).hostname}`;
}

/** The home page opens the activity's modal from ?activity=ID. */
export function activityUrl(activityId: number, site: CalendarSite): string {
  return `${site.publicUrl}/?activity=${activityId}`;
}

function eventLines(activity: Activity, site: CalendarSite): string[] {
  // The stored value is the organisation's wall clock: a calendar needs the instant it names.
  const start = wallClockInstant(activity.date, site.timeZone);
  return [
    'BEGIN:VEVENT',
    `UID:${uidOf(activity.id, site)}`,
    // The last edit, not the time of the request: the same content gives the same bytes and ETag.
    `DTSTAMP:${utcDateTime(activity.updatedAt)}`,
    `LAST-MODIFIED:${utcDateTime(activity.updatedAt)}`,
    // Each edit raises the revision, so a calendar app takes the newer copy of the event.
    `SEQUENCE:${activity.revision}`,
    `DTSTART:${utcDateTime(start)}`,
    `DTEND:${utcDateTime(new Date(start.getTime() + DEFAULT_DURATION_MS))}`,
    `SUMMARY:${escapeText(activity.title)}`,
    `LOCATION:${escapeText(activity.location)}`,
    `DESCRIPTION:${escapeText(activity.description)}`,
    ...(activity.tags.length > 0 ? [`CATEGORIES:${activity.tags.map(escapeText).join(',')}`] : []),
    `URL:${activityUrl(activity.id, site)}`,
    'END:VEVENT',
  ];
}

function calendar(site: CalendarSite, headerLines: string[], activities: Activity[]): string {
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    `PRODID:-//${escapeText(site.organisationName)}//Activities//EN`,
    'CALSCALE:GREGORIAN',
    'METHOD:PUBLISH',
    ...headerLines,
    ...activities.flatMap((activity) => eventLines(activity, site)),
    'END:VCALENDAR',
  ];
  return lines.map(foldLine).join(CRLF) + CRLF;
}

/** One activity, for "Add to calendar". */
export function activityCalendar(activity: Activity, site: CalendarSite): string {
  return calendar(site, [], [activity]);
}

/** The subscription: its name in the calendar app, and how often to fetch it again. */
export function activitiesFeed(activities: Activity[], site: CalendarSite): string {
  const name = escapeText(`${site.organisationName} activities`);
  return calendar(
    site,
    [
      `NAME:${name}`,
      `X-WR-CALNAME:${name}`,
      `REFRESH-INTERVAL;VALUE=DURATION:${FEED_REFRESH}`,
      `X-PUBLISHED-TTL:${FEED_REFRESH}`,
    ],
    activities,
  );
}

/** "Sports nutrition workshop" → sports-nutrition-workshop.ics: ASCII only, so any browser keeps it. */
export function calendarFileName(activity: Pick<Activity, 'id' | 'title'>): string {
  const slug = activity.title
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .slice(0, 60)
    .replace(/^-+|-+$/g, '');
  return `${slug || `activity-${activity.id}`}.ics`;
}
