import { describe, expect, it } from 'vitest';
import { compareVersions, fieldLabel, formatValue, versionAsText } from './compare';

describe('comparing two versions of an item', () => {
  it('lists the editor’s fields with both values and marks the ones that differ', () => {
    const mine = { title: 'Student', points: [{ value: 'Free' }, { value: 'Webinars' }], isActive: true };
    const theirs = {
      id: 3,
      revision: 4,
      title: 'Students',
      points: [{ value: 'Free' }, { value: 'Webinars' }],
      isActive: true,
    };
    expect(compareVersions(mine, theirs)).toEqual([
      { field: 'title', label: 'Title', mine: 'Student', theirs: 'Students', differs: true },
      { field: 'points', label: 'Points', mine: 'Free\nWebinars', theirs: 'Free\nWebinars', differs: false },
      { field: 'isActive', label: 'Is active', mine: 'Yes', theirs: 'Yes', differs: false },
    ]);
  });

  it('shows the server’s content fields for a deletion, and a dash for an item deleted on the server', () => {
    const theirs = { id: 1, revision: 2, question: 'How do I join?', updatedAt: '2026-01-01T00:00:00.000Z' };
    expect(compareVersions(null, theirs)).toEqual([
      { field: 'question', label: 'Question', mine: '—', theirs: 'How do I join?', differs: true },
    ]);
    expect(compareVersions({ quote: 'Great' }, null)[0]).toMatchObject({ mine: 'Great', theirs: '—', differs: true });
  });

  it('formats nested values in words', () => {
    expect(formatValue({ instagram: 'https://i', facebook: '' })).toBe('Instagram: https://i\nFacebook: —');
    expect(formatValue([{ title: 'A', description: 'B' }])).toBe('Title: A\nDescription: B');
    expect(fieldLabel('socialLinks')).toBe('Social links');
  });

  it('turns the editor’s version into text to copy', () => {
    expect(versionAsText(compareVersions({ title: 'T', subtitle: 'S' }, {}))).toBe('Title:\nT\n\nSubtitle:\nS');
  });
});
