import { describe, expect, it } from 'vitest';
import {
  anyChanges,
  diffFields,
  diffList,
  diffWords,
  hasChanges,
  MAX_DIFF_CELLS,
  tokenize,
  type DiffPart,
} from './diff';

/** The old text back from a diff (equal + deleted) and the new one (equal + inserted). */
const side = (parts: DiffPart[], keep: 'delete' | 'insert') =>
  parts
    .filter((part) => part.type === 'equal' || part.type === keep)
    .map((part) => part.text)
    .join('');

describe('tokenize', () => {
  it('keeps accented words whole and splits punctuation and whitespace', () => {
    expect(tokenize('Café naïve, déjà-vu!  Ok')).toEqual([
      'Café',
      ' ',
      'naïve',
      ',',
      ' ',
      'déjà',
      '-',
      'vu',
      '!',
      '  ',
      'Ok',
    ]);
  });

  it('keeps combining accents with their letter', () => {
    expect(tokenize('cafe\u0301 bar')).toEqual(['cafe\u0301', ' ', 'bar']);
  });
});

describe('diffWords', () => {
  it('marks a replaced word as one deletion then one insertion', () => {
    expect(diffWords('the quick fox', 'the slow fox')).toEqual([
      { type: 'equal', text: 'the ' },
      { type: 'delete', text: 'quick' },
      { type: 'insert', text: 'slow' },
      { type: 'equal', text: ' fox' },
    ]);
  });

  it('marks insertions and deletions in the middle and at the ends', () => {
    const parts = diffWords('We help members.', 'Today we help all members grow.');
    expect(side(parts, 'delete')).toBe('We help members.');
    expect(side(parts, 'insert')).toBe('Today we help all members grow.');
    expect(parts).toContainEqual({ type: 'insert', text: 'all ' });
    expect(parts.filter((part) => part.type === 'delete').map((part) => part.text.trim())).toEqual(['We']);
  });

  it('treats accented letters as different letters, and precomposed and combined accents as the same', () => {
    expect(diffWords('resume', 'résumé')).toEqual([
      { type: 'delete', text: 'resume' },
      { type: 'insert', text: 'résumé' },
    ]);
    expect(hasChanges(diffWords('caf\u00e9 au lait', 'cafe\u0301 au lait'))).toBe(false);
  });

  it('marks changed punctuation without marking the word next to it', () => {
    expect(diffWords('Hello, world.', 'Hello; world!')).toEqual([
      { type: 'equal', text: 'Hello' },
      { type: 'delete', text: ',' },
      { type: 'insert', text: ';' },
      { type: 'equal', text: ' world' },
      { type: 'delete', text: '.' },
      { type: 'insert', text: '!' },
    ]);
  });

  it('ignores re-spacing but not new line or paragraph breaks', () => {
    expect(hasChanges(diffWords('one  two\tthree', 'one two three'))).toBe(false);
    expect(hasChanges(diffWords('one two', 'one\ntwo'))).toBe(true);
    expect(hasChanges(diffWords('one\ntwo', 'one\n\ntwo'))).toBe(true);
    expect(hasChanges(diffWords('one\n\ntwo', 'one\n  \n\ntwo'))).toBe(false);
  });

  it('reads a replaced phrase as one replacement', () => {
    expect(diffWords('a b c', 'x y z')).toEqual([
      { type: 'delete', text: 'a b c' },
      { type: 'insert', text: 'x y z' },
    ]);
  });

  it('handles empty texts', () => {
    expect(diffWords('', '')).toEqual([]);
    expect(diffWords('', 'New text')).toEqual([{ type: 'insert', text: 'New text' }]);
    expect(diffWords('Old text', '')).toEqual([{ type: 'delete', text: 'Old text' }]);
  });

  it('finds no change in identical texts', () => {
    const text = 'Identical text, with punctuation — and accents: élan.';
    expect(diffWords(text, text)).toEqual([{ type: 'equal', text }]);
  });

  it('gives up aligning very long, completely different middles but stays correct', () => {
    const size = Math.ceil(Math.sqrt(MAX_DIFF_CELLS)) + 10;
    const before = Array.from({ length: size }, (_, i) => `a${i}`).join(' ');
    const after = Array.from({ length: size }, (_, i) => `b${i}`).join(' ');
    const started = Date.now();
    const parts = diffWords(`Start ${before} end`, `Start ${after} end`);
    expect(Date.now() - started).toBeLessThan(2000);
    expect(side(parts, 'delete')).toBe(`Start ${before} end`);
    expect(side(parts, 'insert')).toBe(`Start ${after} end`);
  });

  it('diffs a policy-size text with a small change quickly', () => {
    const words = Array.from({ length: 5000 }, (_, i) => `word${i}`);
    const changed = [...words];
    changed[2500] = 'changed';
    const parts = diffWords(words.join(' '), changed.join(' '));
    expect(parts.filter((part) => part.type !== 'equal')).toEqual([
      { type: 'delete', text: 'word2500' },
      { type: 'insert', text: 'changed' },
    ]);
  });
});

describe('diffList', () => {
  const objective = (title: string, text: string) => ({ title, text });

  it('finds added, removed and changed items', () => {
    const before = [
      objective('Education', 'Courses'),
      objective('Research', 'Studies'),
      objective('Advocacy', 'Policy'),
    ];
    const after = [
      objective('Education', 'Courses and webinars'),
      objective('Advocacy', 'Policy'),
      objective('Care', 'Clinics'),
    ];
    expect(diffList(before, after)).toEqual([
      { type: 'changed', before: before[0], after: after[0] },
      { type: 'removed', before: before[1] },
      { type: 'unchanged', before: before[2], after: after[1] },
      { type: 'added', after: after[2] },
    ]);
  });

  it('pairs a renamed item in place as changed', () => {
    const before = [objective('A', 'x'), objective('B', 'y')];
    const after = [objective('A', 'x'), objective('Bee', 'y')];
    expect(diffList(before, after)[1]).toEqual({ type: 'changed', before: before[1], after: after[1] });
  });

  it('matches keyed items by key', () => {
    const before = [
      { key: 'facebook', title: 'Facebook', text: 'https://facebook.com/a' },
      { key: 'twitter', title: 'Twitter', text: 'https://twitter.com/a' },
    ];
    const after = [
      { key: 'facebook', title: 'Facebook', text: 'https://facebook.com/b' },
      { key: 'linkedin', title: 'LinkedIn', text: 'https://linkedin.com/a' },
    ];
    expect(diffList(before, after).map((change) => change.type)).toEqual(['changed', 'added', 'removed']);
  });

  it('handles empty and identical lists', () => {
    expect(diffList([], [])).toEqual([]);
    expect(diffList([], [objective('A', 'x')])).toEqual([{ type: 'added', after: objective('A', 'x') }]);
    const same = [objective('A', 'x'), objective('B', 'y')];
    expect(
      diffList(
        same,
        same.map((entry) => ({ ...entry })),
      ).every((change) => change.type === 'unchanged'),
    ).toBe(true);
  });
});

describe('diffFields', () => {
  const version = (email: string, description: string, links: string[]) => [
    { type: 'value' as const, label: 'Email', value: email },
    { type: 'text' as const, label: 'Description', value: description },
    {
      type: 'list' as const,
      label: 'Social links',
      items: links.map((link) => ({ key: link, title: link, text: `https://${link}.com` })),
    },
  ];

  it('reports no differences between identical versions', () => {
    const diffs = diffFields(version('a@b.org', 'Text', ['facebook']), version('a@b.org', 'Text', ['facebook']));
    expect(anyChanges(diffs)).toBe(false);
  });

  it('reports each changed field', () => {
    const diffs = diffFields(version('a@b.org', 'Text', ['facebook']), version('c@b.org', 'Text', []));
    expect(diffs.map((diff) => [diff.label, diff.changed])).toEqual([
      ['Email', true],
      ['Description', false],
      ['Social links', true],
    ]);
    expect(diffs[0]).toMatchObject({ before: 'a@b.org', after: 'c@b.org' });
  });
});
