/** How the activity log shows an entry: labels, the changed fields as before → after, and date filters. */
import {
  AUDIT_ACTION_LABELS,
  AUDIT_REDACTED,
  formatAdminDate,
  type AssignableModule,
  type AuditAction,
  type AuditLogEntry,
  type AuditOwnModule,
  type SuperAdminModule,
} from '@npo/shared';

/**
 * The console's names of the modules an entry can name ('auth': sign-in and account events;
 * 'announcements': the announcements, under the members permission but filed apart).
 */
// Every module a write can be filed under (the log itself is only read): a new module without a
// label fails to compile.
type AuditedModule = AssignableModule | Exclude<SuperAdminModule, 'audit'> | AuditOwnModule;
export const MODULE_LABELS: Record<AuditedModule, string> = {
  auth: 'Sign-in & accounts',
  admins: 'Admins',
  membership: 'Membership',
  about: 'About Us',
  activities: 'Activities',
  connect: 'Connect Us',
  faqs: 'FAQs',
  privacy_policy: 'Privacy Policy',
  terms_of_service: 'Terms of Service',
  testimonials: 'Testimonials',
  mail: 'Mail',
  members: 'Members',
  announcements: 'Announcements',
  specialties: 'Specialties',
  tags: 'Member tags',
};

export const actionLabel = (action: string) => AUDIT_ACTION_LABELS[action as AuditAction] ?? action;
export const moduleLabel = (module: string) => MODULE_LABELS[module as keyof typeof MODULE_LABELS] ?? module;

export interface FieldChange {
  field: string;
  before: string;
  after: string;
}

/** The names staff know the stored fields by; others are spelled out from the column name. */
const FIELD_LABELS: Record<string, string> = {
  is_active: 'Active',
  is_featured: 'Featured',
  sort_order: 'Position',
  email: 'E-mail',
  last_login_at: 'Last login',
  created_at: 'Created',
  updated_at: 'Last edited',
  date: 'Date',
  require_two_factor: 'Two-factor required',
  two_factor_enabled: 'Two-factor sign-in',
  token_version: 'Sign-in version',
  version: 'Version',
  objectives: 'Objectives',
  points: 'Points',
  tags: 'Tags',
};

/** "is_active" as "Active", "requireTwoFactor" or "require_two_factor" as "Require two factor". */
export function fieldLabel(field: string): string {
  const known = FIELD_LABELS[field];
  if (known) return known;
  const words = field
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/[_-]+/g, ' ')
    .trim()
    .toLowerCase();
  return words ? words[0]!.toUpperCase() + words.slice(1) : field;
}

/** A yes/no field, whose 1 and 0 (as SQLite stores them) read as Yes and No. */
const isFlag = (field: string) => /^(is|has|require|requires)_|_enabled$/.test(field);
/** A timestamp field, stored as epoch milliseconds (SQLite) or ISO text (PostgreSQL). */
const isTime = (field: string) => /(_at|At)$/.test(field) || field === 'date';

/** JSON text (points, tags, permissions are stored so) as its value; other text as it is. */
function parsedText(text: string): unknown {
  if (!/^\s*[[{]/.test(text)) return text;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

/**
 * A stored value as a person reads it: "—" for nothing, Yes/No for flags, dates as the console shows
 * them, lists joined with commas, and a structure (permissions) as its true parts: "faqs: view, edit".
 */
export function readableValue(value: unknown, field = ''): string {
  if (value === undefined || value === null || value === '') return '—';
  if (value === AUDIT_REDACTED) return '(hidden)';
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  if (isFlag(field) && (value === 0 || value === 1)) return value === 1 ? 'Yes' : 'No';
  if (isTime(field) && (typeof value === 'number' || typeof value === 'string')) {
    const time = new Date(value);
    if (!Number.isNaN(time.getTime())) return formatAdminDate(time.toISOString());
  }
  if (typeof value === 'string') {
    const parsed = parsedText(value);
    return parsed === value ? value : readableValue(parsed, field);
  }
  if (Array.isArray(value)) return value.map((item) => readableValue(item)).join(', ') || '—';
  if (typeof value === 'object') return readableObject(value as Record<string, unknown>);
  return typeof value === 'number' ? String(value) : '—';
}

function readableObject(value: Record<string, unknown>): string {
  const entries = Object.entries(value);
  // A list item such as a card's point: { value: "Calls" }.
  if (entries.length === 1 && entries[0]![0] === 'value') return readableValue(entries[0]![1]);
  const parts = entries
    .filter(([, item]) => item !== false && item !== null && item !== undefined)
    .map(([key, item]) => (item === true ? key : `${key}: ${readableValue(item, key)}`));
  return parts.join('; ') || 'None';
}

function isPair(value: unknown): value is { before?: unknown; after?: unknown } {
  if (!value || typeof value !== 'object' || Array.isArray(value)) return false;
  const keys = Object.keys(value);
  return keys.length > 0 && keys.every((key) => key === 'before' || key === 'after');
}

/** One row per field: a { before, after } pair, or an event's detail (shown as its value, after). */
export function fieldChanges(entry: Pick<AuditLogEntry, 'changes'>): FieldChange[] {
  return Object.entries(entry.changes ?? {}).map(([field, change]) =>
    isPair(change)
      ? {
          field: fieldLabel(field),
          before: readableValue(change.before, field),
          after: readableValue(change.after, field),
        }
      : { field: fieldLabel(field), before: '—', after: readableValue(change, field) },
  );
}

/** The first changes of an entry on one line ("Active: Yes → No"), for the log's table. */
export function changeSummary(entry: Pick<AuditLogEntry, 'changes' | 'action'>, shown = 2): string {
  // A created or deleted item lists all its fields: its name says enough in a row.
  if (entry.action === 'create' || entry.action === 'delete') return '';
  const changes = fieldChanges(entry);
  const parts = changes
    .slice(0, shown)
    .map(({ field, before, after }) => (before === '—' ? `${field}: ${after}` : `${field}: ${before} → ${after}`));
  const more = changes.length - shown;
  return more > 0 ? `${parts.join('; ')}; and ${more} more` : parts.join('; ');
}

/** The item of an entry: its name with its id, or the id alone. */
export function itemLabel(entry: Pick<AuditLogEntry, 'entityId' | 'entityName'>): string {
  if (entry.entityName && entry.entityId) return `${entry.entityName} (#${entry.entityId})`;
  return entry.entityName ?? (entry.entityId ? `#${entry.entityId}` : '—');
}

/** A day picked in the date inputs as the instants the API filters by: the whole local day. */
export function dayRange(from: string | null, to: string | null): { from?: string; to?: string } {
  return {
    ...(from && { from: new Date(`${from}T00:00:00`).toISOString() }),
    ...(to && { to: new Date(`${to}T23:59:59.999`).toISOString() }),
  };
}
