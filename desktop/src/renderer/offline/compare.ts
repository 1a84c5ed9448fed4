/**
 * Two versions of an item side by side, field by field, in words: what the conflict dialog shows
 * and what "Copy my text" puts on the clipboard.
 */

export interface ComparedField {
  field: string;
  label: string;
  mine: string;
  theirs: string;
  differs: boolean;
}

/** Bookkeeping the server keeps, not something an editor wrote. */
const NOT_CONTENT = new Set([
  'id',
  'revision',
  'createdAt',
  'updatedAt',
  'lastUpdated',
  'participants',
  'waitlisted',
  'attended',
  'lastLogin',
]);

export function fieldLabel(field: string): string {
  const words = field.replace(/([a-z])([A-Z])/g, '$1 $2').toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

export function formatValue(value: unknown): string {
  if (value === null || value === undefined || value === '') return '—';
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  if (Array.isArray(value)) return value.map(formatValue).join('\n');
  if (typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>);
    // A one-field row such as a bullet point {value} reads as its text.
    if (entries.length === 1) return formatValue(entries[0]?.[1]);
    return entries.map(([key, inner]) => `${fieldLabel(key)}: ${formatValue(inner)}`).join('\n');
  }
  // What is left of a JSON value: a string or a number.
  return typeof value === 'string' ? value : JSON.stringify(value);
}

function asRecord(value: unknown): Record<string, unknown> | null {
  return value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : null;
}

/** The fields of the editor's version (or, for a deletion or action, the server's), both ways. */
export function compareVersions(mine: unknown, theirs: unknown): ComparedField[] {
  const mineRecord = asRecord(mine);
  const theirsRecord = asRecord(theirs);
  const fields = Object.keys(mineRecord ?? theirsRecord ?? {}).filter((field) => !NOT_CONTENT.has(field));
  return fields.map((field) => {
    const mineText = mineRecord ? formatValue(mineRecord[field]) : '—';
    const theirsText = theirsRecord ? formatValue(theirsRecord[field]) : '—';
    return { field, label: fieldLabel(field), mine: mineText, theirs: theirsText, differs: mineText !== theirsText };
  });
}

export function versionAsText(fields: ComparedField[]): string {
  return fields.map(({ label, mine }) => `${label}:\n${mine}`).join('\n\n');
}
