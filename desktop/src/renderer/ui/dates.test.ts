import { describe, expect, it } from 'vitest';
import { formatUtcDay, fromUtcInputValue, toDateInputValue, toUtcInputValue } from './dates';

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
