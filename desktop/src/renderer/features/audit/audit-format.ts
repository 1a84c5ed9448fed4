/** How the activity log shows an entry: labels, the changed fields as before → after, and date filters. */
import { AUDIT_ACTION_LABELS, AUDIT_REDACTED, type AuditAction, type AuditLogEntry } from '@npo/shared';

/** The console's names of the modules an entry can name ('auth': sign-in and account events). */
export const MODULE_LABELS: Record<string, string> = {
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
};

export const actionLabel = (action: string) => AUDIT_ACTION_LABELS[action as AuditAction] ?? action;
export const moduleLabel = (module: string) => MODULE_LABELS[module] ?? module;

export interface FieldChange {
  field: string;
  before: string;
  after: string;
}

/** A stored value as text: JSON for structures, "—" for nothing. */
function shown(value: unknown): string {
  if (value === undefined || value === null || value === '') return '—';
  if (typeof value === 'string') return value === AUDIT_REDACTED ? '(hidden)' : value;
  return JSON.stringify(value);
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
      ? { field, before: shown(change.before), after: shown(change.after) }
      : { field, before: '—', after: shown(change) },
  );
}

/** A day picked in the date inputs as the instants the API filters by: the whole local day. */
export function dayRange(from: string | null, to: string | null): { from?: string; to?: string } {
  return {
    ...(from && { from: new Date(`${from}T00:00:00`).toISOString() }),
    ...(to && { to: new Date(`${to}T23:59:59.999`).toISOString() }),
  };
}
