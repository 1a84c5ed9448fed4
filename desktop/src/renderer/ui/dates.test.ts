import { describe, expect, it } from 'vitest';
import {
  formatLocalDateTime,
  formatUtcDay,
  fromLocalInputValues,
  fromUtcInputValue,
  localZone,
  toDateInputValue,
  toLocalInputValues,
  toUtcInputValue,
} from './dates';

describe('UTC date inputs', () => {
  it('shows a stored instant as its UTC wall clock and reads it back unchanged', () => {
    expect(toUtcInputValue('2026-12-14T10:00:00.000Z')).toBe('2026-12-14T10:00');
    expect(fromUtcInputValue('2026-12-14T10:00')).toBe('2026-12-14T10:00:00.000Z');
    expect(fromUtcInputValue(toUtcInputValue('2031-03-04T23:45:00.000Z'))).toBe('2031-03-04T23:45:00.000Z');
  });

  it('keeps empty values empty, so the schema reports the missing date', () => {
    expect(toUtcInputValue(null)).toBe('');
    expect(fromUtcInputValue('')).toBe('');
  });

  it('formats calendar days in UTC', () => {
    expect(toDateInputValue('2031-06-01T00:00:00.000Z')).toBe('2031-06-01');
    expect(formatUtcDay('2031-06-01T00:00:00.000Z')).toBe('Jun 1, 2031');
  });
});

describe('local date and time inputs', () => {
  it('reads a local date and time as the UTC instant and shows it back unchanged', () => {
    const moment = new Date(2031, 2, 4, 23, 45);
    expect(toLocalInputValues(moment)).toEqual({ date: '2031-03-04', time: '23:45' });
    expect(fromLocalInputValues('2031-03-04', '23:45')).toBe(moment.toISOString());
  });

  it('answers null until both fields are filled', () => {
    expect(fromLocalInputValues('', '10:00')).toBeNull();
    expect(fromLocalInputValues('2031-03-04', '')).toBeNull();
  });

  it('names the zone with the formatted time', () => {
    expect(formatLocalDateTime('2031-03-04T10:00:00.000Z')).toContain(`(${localZone()})`);
  });
});
