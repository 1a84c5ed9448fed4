import { expect, it } from 'vitest';
import { isTimeZone, timeZoneLongName, wallClockInstant } from './time-zone.js';

it('takes the zone offset off a stored wall clock, with the summer time in force at that wall clock', () => {
  expect(wallClockInstant('2026-12-14T10:00:00.000Z', 'Asia/Kolkata').toISOString()).toBe('2026-12-14T04:30:00.000Z');
  // Lisbon: UTC in winter, UTC+1 in summer (from 29 March 2026, 01:00 UTC).
  expect(wallClockInstant('2026-01-10T10:00:00.000Z', 'Europe/Lisbon').toISOString()).toBe('2026-01-10T10:00:00.000Z');
  expect(wallClockInstant('2026-07-10T10:00:00.000Z', 'Europe/Lisbon').toISOString()).toBe('2026-07-10T09:00:00.000Z');
  expect(wallClockInstant('2026-12-14T10:00:30.250Z', 'Asia/Kolkata').toISOString()).toBe('2026-12-14T04:30:30.250Z');
});

it('knows IANA zones and names them as people do', () => {
  expect(isTimeZone('Asia/Kolkata')).toBe(true);
  expect(isTimeZone('Mars/Olympus')).toBe(false);
  expect(timeZoneLongName('Asia/Kolkata')).toBe('India Standard Time');
});
