import { formatAdminDate } from '@npo/shared';
import { describe, expect, it } from 'vitest';
import { changeSummary, fieldChanges, fieldLabel, itemLabel, readableValue } from './audit-format';

describe('the activity log reads as staff speak', () => {
  it('labels stored fields', () => {
    expect(fieldLabel('is_active')).toBe('Active');
    expect(fieldLabel('sort_order')).toBe('Position');
    expect(fieldLabel('subtitle')).toBe('Subtitle');
    expect(fieldLabel('requireTwoFactor')).toBe('Require two factor');
    expect(fieldLabel('contact_email')).toBe('Contact email');
  });

  it('shows flags as Yes and No on both engines, times as dates, JSON text as its parts', () => {
    expect(readableValue(1, 'is_active')).toBe('Yes');
    expect(readableValue(0, 'is_featured')).toBe('No');
    expect(readableValue(false, 'is_active')).toBe('No');
    // A number that is no flag stays a number.
    expect(readableValue(1, 'sort_order')).toBe('1');
    const at = Date.UTC(2026, 11, 14, 10, 0);
    expect(readableValue(at, 'updated_at')).toBe(formatAdminDate(new Date(at).toISOString()));
    expect(readableValue(new Date(at).toISOString(), 'date')).toBe(formatAdminDate(new Date(at).toISOString()));
    expect(readableValue('[{"value":"Calls"},{"value":"Mentoring"}]', 'points')).toBe('Calls, Mentoring');
    expect(readableValue('["Workshop","Sport"]', 'tags')).toBe('Workshop, Sport');
    expect(
      readableValue('{"faqs":{"view":true,"edit":true,"delete":false},"about":{"view":false}}', 'permissions'),
    ).toBe('faqs: view; edit; about: None');
    expect(readableValue('[redacted]', 'password_hash')).toBe('(hidden)');
    expect(readableValue(null)).toBe('—');
    expect(readableValue('[not json', 'title')).toBe('[not json');
  });

  it('sums an update up on one line, and names the item with its id', () => {
    const entry = {
      action: 'update' as const,
      changes: { is_active: { before: 1, after: 0 }, title: { before: 'Old', after: 'New' }, type: { after: 'X' } },
    };
    expect(fieldChanges(entry)[0]).toEqual({ field: 'Active', before: 'Yes', after: 'No' });
    expect(changeSummary(entry)).toBe('Active: Yes → No; Title: Old → New; and 1 more');
    expect(changeSummary({ ...entry, action: 'delete' })).toBe('');
    expect(itemLabel({ entityId: '7', entityName: 'Student card' })).toBe('Student card (#7)');
    expect(itemLabel({ entityId: '7', entityName: null })).toBe('#7');
    expect(itemLabel({ entityId: null, entityName: null })).toBe('—');
  });
});
