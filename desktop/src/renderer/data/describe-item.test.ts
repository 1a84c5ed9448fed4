import { describe, expect, it } from 'vitest';
import { describeItem } from './describe-item';

describe('naming an item in the outbox and the conflict dialog', () => {
  it('uses the first field that names it', () => {
    expect(describeItem({ title: 'Student', type: 'Tier' })).toBe('“Student”');
    expect(describeItem({ question: '  How do I join?  ' })).toBe('“How do I join?”');
    expect(describeItem({ name: '', email: 'ada@example.org' })).toBe('“ada@example.org”');
  });

  it('shortens long names and falls back to the version or the id', () => {
    expect(describeItem({ title: 'x'.repeat(100) })).toBe(`“${'x'.repeat(59)}…”`);
    expect(describeItem({ version: 3, id: 9 })).toBe('version 3');
    expect(describeItem({ id: 9 })).toBe('#9');
    expect(describeItem(null)).toBe('');
  });
});
