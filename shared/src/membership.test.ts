/** isRenewalDay against the calendar as Date knows it: every day of 2000-2403 and the near misses. */
import { describe, expect, it } from 'vitest';
import { isRenewalDay } from './membership.js';

/** What Date says: the day it parses prints back as itself. */
function calendarDay(value: string): boolean {
  const day = new Date(`${value}T00:00:00.000Z`);
  return !Number.isNaN(day.getTime()) && day.toISOString().startsWith(value);
}

const pad = (value: number, width: number) => String(value).padStart(width, '0');

describe('isRenewalDay', () => {
  it('takes a day exactly when the calendar has it, leap years and centuries included', () => {
    const disagreements: string[] = [];
    for (const year of [2000, 2001, 2024, 2025, 2100, 2200, 2300, 2400, 2403, 2999]) {
      for (let month = 0; month <= 13; month++) {
        for (let day = 0; day <= 32; day++) {
          const value = `${year}-${pad(month, 2)}-${pad(day, 2)}`;
          if (isRenewalDay(value) !== calendarDay(value)) disagreements.push(value);
        }
      }
    }
    expect(disagreements).toEqual([]);
    expect(['2024-02-29', '2000-02-29', '2999-12-31'].every(isRenewalDay)).toBe(true);
    expect(['2100-02-29', '2026-02-30', '2026-04-31'].some(isRenewalDay)).toBe(false);
  });

  it('refuses what is not a day of 2000 to 2999 written YYYY-MM-DD', () => {
    for (const value of [
      '1999-12-31',
      '3000-01-01',
      '2026-1-01',
      '2026-01-1',
      ' 2026-01-01',
      '2026-01-01T00',
      '',
      '２０２６-01-01',
    ]) {
      expect(isRenewalDay(value)).toBe(false);
    }
  });
});
