/** What a change is about, in words a staff member recognises in the outbox and the conflict dialog. */

/** An item as the editor saw it: its id and the revision to send back as If-Match. */
export interface Revisioned {
  id: number;
  revision: number;
}

const NAME_FIELDS = ['title', 'name', 'question', 'email', 'type'] as const;
const MAX_LENGTH = 60;

export function describeItem(value: unknown): string {
  const record = (value ?? {}) as Record<string, unknown>;
  const name = NAME_FIELDS.map((field) => record[field]).find(
    (text): text is string => typeof text === 'string' && text.trim() !== '',
  );
  if (name) {
    const text = name.trim();
    return `“${text.length > MAX_LENGTH ? `${text.slice(0, MAX_LENGTH - 1)}…` : text}”`;
  }
  if (typeof record.version === 'number') return `version ${record.version}`;
  return typeof record.id === 'number' ? `#${record.id}` : '';
}
