/** Date formatting of DESIGN.md, identical in every visitor's time zone. */
import { RELATIVE_TIME_THRESHOLDS_S } from './constants.js';

const formatters = new Map<string, Intl.DateTimeFormat>();

/**
 * The Intl.DateTimeFormat of `locale` and `options`, made once and kept: making one costs tens of
 * microseconds (ICU's data for the locale and zone), using one a microsecond. A list of a hundred
 * dates, or a hundred certificates at once, made a hundred of them.
 */
export function dateTimeFormat(locale: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = `${locale} ${JSON.stringify(options)}`;
  let formatter = formatters.get(key);
  if (!formatter) formatters.set(key, (formatter = new Intl.DateTimeFormat(locale, options)));
  return formatter;
}

const PUBLIC_ACTIVITY_DATE = dateTimeFormat('en-IN', {
  timeZone: 'UTC',
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  hour12: true,
});
const ADMIN_DATE = dateTimeFormat('en-US', {
  timeZone: 'UTC',
  month: 'short',
  day: 'numeric',
  year: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
  hour12: true,
});
const SHORT_DATE = dateTimeFormat('en-US', { timeZone: 'UTC', month: 'short', day: 'numeric', year: 'numeric' });

/** Public activity dates: the stored value's UTC wall clock, en-IN, 12-hour with seconds, " (IST)". */
export function formatPublicActivityDate(iso: string): string {
  const formatted = PUBLIC_ACTIVITY_DATE.format(new Date(iso));
  return `${formatted} (IST)`;
}

/** Console dates in UTC: "Dec 14, 2026, 10:00 AM". */
export function formatAdminDate(iso: string): string {
  return ADMIN_DATE.format(new Date(iso));
}

/** "just now" / "N min ago" / "N hours ago" / "N days ago" / a date, with SPEC 9's thresholds. */
export function formatRelativeTime(iso: string, now: Date = new Date()): string {
  const seconds = Math.max(0, Math.floor((now.getTime() - new Date(iso).getTime()) / 1000));
  const { minute, hour, day, week } = RELATIVE_TIME_THRESHOLDS_S;
  if (seconds < minute) return 'just now';
  if (seconds < hour) return `${Math.floor(seconds / minute)} min ago`;
  if (seconds < day) return `${Math.floor(seconds / hour)} hours ago`;
  if (seconds < week) return `${Math.floor(seconds / day)} days ago`;
  return SHORT_DATE.format(new Date(iso));
}

/**
 * What a character counter tells screen readers, politely: nothing while the text is far from the
 * limit (the last tenth, at least 20), then a step at a time rather than at every keystroke (10
 * characters near a short limit, 100 near a long one), then once at the limit and once past it.
 */
export function characterLimitAnnouncement(length: number, limit: number): string {
  const left = limit - length;
  if (left < 0) return `Over the limit of ${limit} characters.`;
  if (left === 0) return `Limit of ${limit} characters reached.`;
  const near = Math.max(20, Math.round(limit / 10));
  if (left > near) return '';
  const step = near > 100 ? 100 : 10;
  return `At most ${Math.ceil(left / step) * step} characters left.`;
}
