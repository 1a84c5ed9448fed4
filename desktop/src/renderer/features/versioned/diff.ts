/**
 * Differences between two versions of a piece of content (issue 10, item 5), as pure functions:
 * word by word for texts, item by item for lists, field by field for simple values. The screens
 * (VersionDiff.tsx) only render what these return.
 */

export type DiffPartType = 'equal' | 'insert' | 'delete';

export interface DiffPart {
  type: DiffPartType;
  text: string;
}

/**
 * Words (letters, digits and combining marks, so "café" or "naïve" stay whole), runs of whitespace,
 * and single punctuation marks: changing a comma marks the comma, not the word before it.
 */
const TOKEN = /[\p{L}\p{N}\p{M}]+|\s+|[^\s\p{L}\p{N}\p{M}]/gu;

export function tokenize(text: string): string[] {
  return text.match(TOKEN) ?? [];
}

/**
 * What a token is compared by. Whitespace compares by what it looks like on the public page (a
 * space, a line break, or a paragraph break), so re-spacing a sentence is not a change. Texts are
 * compared in Unicode NFC so that an "é" typed as e + accent equals a precomposed one.
 */
function tokenKey(token: string): string {
  if (!/^\s+$/u.test(token)) return token;
  const breaks = token.split('\n').length - 1;
  return breaks === 0 ? ' ' : breaks === 1 ? '\n' : '\n\n';
}

/**
 * Beyond this many token pairs in the changed middle (after the common start and end are set
 * aside), the middle is shown as one deletion and one insertion instead of being aligned word by
 * word: a quadratic table would make a huge paste freeze the screen.
 */
export const MAX_DIFF_CELLS = 4_000_000;

/** The word diff from `before` to `after`: equal, deleted and inserted runs, in reading order. */
export function diffWords(before: string, after: string): DiffPart[] {
  const a = tokenize(before.normalize('NFC'));
  const b = tokenize(after.normalize('NFC'));
  const ka = a.map(tokenKey);
  const kb = b.map(tokenKey);

  let start = 0;
  while (start < a.length && start < b.length && ka[start] === kb[start]) start += 1;
  let endA = a.length;
  let endB = b.length;
  while (endA > start && endB > start && ka[endA - 1] === kb[endB - 1]) {
    endA -= 1;
    endB -= 1;
  }

  const parts: DiffPart[] = [];
  // Equal runs show the newer text's spacing.
  for (let i = 0; i < start; i += 1) parts.push({ type: 'equal', text: b[i]! });
  const n = endA - start;
  const m = endB - start;
  if (n * m > MAX_DIFF_CELLS) {
    for (let i = start; i < endA; i += 1) parts.push({ type: 'delete', text: a[i]! });
    for (let j = start; j < endB; j += 1) parts.push({ type: 'insert', text: b[j]! });
  } else {
    parts.push(...alignMiddle(a, b, ka, kb, start, endA, endB));
  }
  for (let j = endB; j < b.length; j += 1) parts.push({ type: 'equal', text: b[j]! });
  return tidy(parts);
}

/** Longest common subsequence of the middle tokens, walked back into equal/delete/insert parts. */
function alignMiddle(
  a: string[],
  b: string[],
  ka: string[],
  kb: string[],
  start: number,
  endA: number,
  endB: number,
): DiffPart[] {
  const n = endA - start;
  const m = endB - start;
  const width = m + 1;
  // lengths[i * width + j]: LCS length of a[start + i ..] and b[start + j ..]
  const lengths = new Uint32Array((n + 1) * width);
  for (let i = n - 1; i >= 0; i -= 1) {
    for (let j = m - 1; j >= 0; j -= 1) {
      lengths[i * width + j] =
        ka[start + i] === kb[start + j]
          ? lengths[(i + 1) * width + j + 1]! + 1
          : Math.max(lengths[(i + 1) * width + j]!, lengths[i * width + j + 1]!);
    }
  }
  const parts: DiffPart[] = [];
  let i = 0;
  let j = 0;
  while (i < n && j < m) {
    if (ka[start + i] === kb[start + j]) {
      parts.push({ type: 'equal', text: b[start + j]! });
      i += 1;
      j += 1;
    } else if (lengths[(i + 1) * width + j]! >= lengths[i * width + j + 1]!) {
      parts.push({ type: 'delete', text: a[start + i]! });
      i += 1;
    } else {
      parts.push({ type: 'insert', text: b[start + j]! });
      j += 1;
    }
  }
  for (; i < n; i += 1) parts.push({ type: 'delete', text: a[start + i]! });
  for (; j < m; j += 1) parts.push({ type: 'insert', text: b[start + j]! });
  return parts;
}

/**
 * Readable output: a lone space kept between two changes is folded into them ("a b" → "x y" reads
 * as one replacement, not two), each changed stretch shows its deletion before its insertion, and
 * neighbouring parts of the same type are joined.
 */
function tidy(parts: DiffPart[]): DiffPart[] {
  const folded: DiffPart[] = [];
  parts.forEach((part, index) => {
    const previous = parts[index - 1];
    const next = parts[index + 1];
    const between =
      part.type === 'equal' &&
      /^\s+$/u.test(part.text) &&
      previous !== undefined &&
      previous.type !== 'equal' &&
      next !== undefined &&
      next.type !== 'equal';
    if (between) {
      folded.push({ type: 'delete', text: part.text }, { type: 'insert', text: part.text });
    } else {
      folded.push(part);
    }
  });

  const result: DiffPart[] = [];
  let deleted = '';
  let inserted = '';
  const flush = () => {
    if (deleted) result.push({ type: 'delete', text: deleted });
    if (inserted) result.push({ type: 'insert', text: inserted });
    deleted = '';
    inserted = '';
  };
  for (const part of folded) {
    if (part.type === 'delete') deleted += part.text;
    else if (part.type === 'insert') inserted += part.text;
    else {
      flush();
      const last = result[result.length - 1];
      if (last?.type === 'equal') last.text += part.text;
      else result.push({ ...part });
    }
  }
  flush();
  return result;
}

export function hasChanges(parts: DiffPart[]): boolean {
  return parts.some((part) => part.type !== 'equal');
}

/** One entry of a list (an objective, a social link). Keyed entries are matched by key, not position. */
export interface ListEntry {
  key?: string;
  title: string;
  text: string;
}

export type ListChange =
  | { type: 'unchanged'; before: ListEntry; after: ListEntry }
  | { type: 'changed'; before: ListEntry; after: ListEntry }
  | { type: 'added'; after: ListEntry }
  | { type: 'removed'; before: ListEntry };

const sameEntry = (x: ListEntry, y: ListEntry) =>
  x.title.normalize('NFC') === y.title.normalize('NFC') && x.text.normalize('NFC') === y.text.normalize('NFC');

/**
 * Item by item. Keyed lists (social links) pair entries by key. Ordered lists (objectives) keep the
 * longest run of identical items in place; between two kept items, removed and added items are
 * paired as "changed" when they share a title, then in order, and the rest are added or removed.
 */
export function diffList(before: ListEntry[], after: ListEntry[]): ListChange[] {
  if (before.every((entry) => entry.key !== undefined) && after.every((entry) => entry.key !== undefined)) {
    return diffKeyed(before, after);
  }
  const n = before.length;
  const m = after.length;
  const lengths: number[][] = Array.from({ length: n + 1 }, () => new Array<number>(m + 1).fill(0));
  for (let i = n - 1; i >= 0; i -= 1) {
    for (let j = m - 1; j >= 0; j -= 1) {
      lengths[i]![j] = sameEntry(before[i]!, after[j]!)
        ? lengths[i + 1]![j + 1]! + 1
        : Math.max(lengths[i + 1]![j]!, lengths[i]![j + 1]!);
    }
  }
  const changes: ListChange[] = [];
  let removed: ListEntry[] = [];
  let added: ListEntry[] = [];
  const flush = () => {
    changes.push(...pairUp(removed, added));
    removed = [];
    added = [];
  };
  let i = 0;
  let j = 0;
  while (i < n || j < m) {
    if (i < n && j < m && sameEntry(before[i]!, after[j]!)) {
      flush();
      changes.push({ type: 'unchanged', before: before[i]!, after: after[j]! });
      i += 1;
      j += 1;
    } else if (j >= m || (i < n && lengths[i + 1]![j]! >= lengths[i]![j + 1]!)) {
      removed.push(before[i]!);
      i += 1;
    } else {
      added.push(after[j]!);
      j += 1;
    }
  }
  flush();
  return changes;
}

function pairUp(removed: ListEntry[], added: ListEntry[]): ListChange[] {
  const partner = new Map<ListEntry, ListEntry>();
  const free = new Set(removed);
  for (const entry of added) {
    const match = [...free].find((candidate) => candidate.title.trim() === entry.title.trim());
    if (match) {
      partner.set(entry, match);
      free.delete(match);
    }
  }
  for (const entry of added) {
    if (partner.has(entry)) continue;
    const next = free.values().next();
    if (next.done) break;
    partner.set(entry, next.value);
    free.delete(next.value);
  }
  const changes: ListChange[] = [];
  // In the old order: changed and removed items, then the items that are new.
  const partnerOf = new Map([...partner].map(([next, previous]) => [previous, next]));
  for (const entry of removed) {
    const next = partnerOf.get(entry);
    changes.push(next ? { type: 'changed', before: entry, after: next } : { type: 'removed', before: entry });
  }
  for (const entry of added) if (!partner.has(entry)) changes.push({ type: 'added', after: entry });
  return changes;
}

function diffKeyed(before: ListEntry[], after: ListEntry[]): ListChange[] {
  const old = new Map(before.map((entry) => [entry.key!, entry]));
  const seen = new Set<string>();
  const changes: ListChange[] = [];
  for (const entry of after) {
    seen.add(entry.key!);
    const previous = old.get(entry.key!);
    if (!previous) changes.push({ type: 'added', after: entry });
    else if (sameEntry(previous, entry)) changes.push({ type: 'unchanged', before: previous, after: entry });
    else changes.push({ type: 'changed', before: previous, after: entry });
  }
  for (const entry of before) if (!seen.has(entry.key!)) changes.push({ type: 'removed', before: entry });
  return changes;
}

/** A version described for comparison: its fields in display order (the same order for every version of a kind). */
export type ComparableField =
  | { type: 'text'; label: string; value: string }
  | { type: 'value'; label: string; value: string }
  | { type: 'list'; label: string; items: ListEntry[] };

export type FieldDiff =
  | { type: 'text'; label: string; changed: boolean; parts: DiffPart[] }
  | { type: 'value'; label: string; changed: boolean; before: string; after: string }
  | { type: 'list'; label: string; changed: boolean; items: ListChange[] };

/** Field by field; fields are matched by label. */
export function diffFields(before: ComparableField[], after: ComparableField[]): FieldDiff[] {
  const old = new Map(before.map((field) => [field.label, field]));
  return after.map((field): FieldDiff => {
    const previous = old.get(field.label);
    if (field.type === 'list') {
      const items = diffList(previous?.type === 'list' ? previous.items : [], field.items);
      return { ...field, changed: items.some((item) => item.type !== 'unchanged'), items };
    }
    const was = previous && previous.type !== 'list' ? previous.value : '';
    if (field.type === 'text') {
      const parts = diffWords(was, field.value);
      return { ...field, changed: hasChanges(parts), parts };
    }
    return {
      type: 'value',
      label: field.label,
      before: was,
      after: field.value,
      changed: was.trim().normalize('NFC') !== field.value.trim().normalize('NFC'),
    };
  });
}

export function anyChanges(diffs: FieldDiff[]): boolean {
  return diffs.some((diff) => diff.changed);
}
