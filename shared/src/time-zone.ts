/**
 * The organisation's time zone (issue 55 item 2). An activity's stored value is the organisation's
 * wall clock written with a Z (SPEC: the site shows its digits as IST, the console the same digits):
 * `2026-12-14T10:00:00Z` means 10:00 in Asia/Kolkata. What leaves the site for machines (calendar
 * files, the calendar feed) carries the true instant instead: the value less the zone's offset at that
 * wall clock, 04:30Z here. Plain Intl, no Temporal: Node and every browser the console runs in have it.
 */
import { dateTimeFormat } from './format.js';

export const DEFAULT_ORGANISATION_TIME_ZONE = 'Asia/Kolkata';

/** An IANA zone name Intl knows ("Asia/Kolkata", "Europe/Lisbon"). */
export function isTimeZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

/** The zone's offset from UTC at an instant, in ms (+5.5 h for Asia/Kolkata). */
function offsetAt(zone: string, instantMs: number): number {
  const parts = dateTimeFormat('en-US', {
    timeZone: zone,
    hourCycle: 'h23',
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
    hour: 'numeric',
    minute: 'numeric',
    second: 'numeric',
  }).formatToParts(new Date(instantMs));
  const part = (type: Intl.DateTimeFormatPartTypes) => Number(parts.find((entry) => entry.type === type)!.value);
  const wall = Date.UTC(part('year'), part('month') - 1, part('day'), part('hour'), part('minute'), part('second'));
  return wall - (instantMs - (((instantMs % 1000) + 1000) % 1000));
}

/**
 * The true instant of a stored wall-clock value. Looked up twice, so that a zone with summer time
 * takes the offset in force at that wall clock, not at the same digits read as UTC.
 */
export function wallClockInstant(stored: string, zone: string): Date {
  const wall = new Date(stored).getTime();
  const guess = wall - offsetAt(zone, wall);
  return new Date(wall - offsetAt(zone, guess));
}

/** The zone as people call it, in English: "India Standard Time". */
export function timeZoneLongName(zone: string, at: Date = new Date(0)): string {
  const parts = dateTimeFormat('en-US', { timeZone: zone, timeZoneName: 'long' }).formatToParts(at);
  return parts.find((entry) => entry.type === 'timeZoneName')?.value ?? zone;
}
