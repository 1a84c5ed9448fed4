/**
 * Writing audit entries. An entry is written with the connection or transaction of the change it
 * describes, so the two commit or roll back together. Secrets never reach the table: any field whose
 * name says password, hash, token, secret, salt, recovery, OTP or code is stored as "[redacted]" (the
 * entry still shows that it changed), at any depth. Long values are cut with a marker and the whole
 * entry is capped, so an audited 1 MB text costs a few kilobytes here.
 */
import {
  AUDIT_REDACTED,
  isAdminRole,
  type AUDIT_AUTH_MODULE,
  type AuditChangeAction,
  type AuditSecurityAction,
} from '@npo/shared';
import type { Db } from '../../db/connection.js';
import { currentAuditScope } from './scope.js';

export const AUDIT_TABLE = 'audit_log';
/** Characters kept of one value; the rest is replaced by a marker saying how much was cut. */
export const MAX_VALUE_CHARS = 2_000;
/** Characters of the whole `changes` JSON of one entry. */
export const MAX_CHANGES_CHARS = 32_000;
/**
 * Fields every admin edit touches, and copies the database derives from another field (PostgreSQL's
 * folded account name, migration 20261123170000): noise in "what changed".
 */
const BOOKKEEPING_FIELDS = new Set(['revision', 'updated_at', 'updatedAt', 'name_folded']);

export interface AuditActor {
  id: number | string | null;
  email: string | null;
}

/**
 * A security action is filed under AUDIT_AUTH_MODULE alone (the changes view of the log leaves that
 * module out and its filter leaves these actions out); any other action under any module.
 */
type AuditActionAndModule =
  | { action: AuditSecurityAction; module: typeof AUDIT_AUTH_MODULE }
  | {
      action: AuditChangeAction;
      /** The policy module of the route for admin writes; 'auth' for sign-in and account events. */
      module: string;
    };

export type AuditEntry = AuditActionAndModule & {
  entityId?: string | number | null | undefined;
  /** { field: { before, after } } (see diff) or details of the event, e.g. { email } of a failed sign-in. */
  changes?: Record<string, unknown> | null | undefined;
  /** Who acted; by default the signed-in user of the request. null: nobody (e.g. a failed sign-in). */
  actor?: AuditActor | null | undefined;
};

// Key words that mark a secret. A key is split into words (camelCase and snake_case), so `passwordHash`,
// `token_version`, `totpSecret` and `recoveryCodes` match while `footprint` or `hashtag` do not.
const SECRET_WORDS = new Set([
  'password',
  'passwords',
  'passphrase',
  'passwd',
  'pwd',
  'token',
  'tokens',
  'secret',
  'secrets',
  'hash',
  'hashes',
  'salt',
  'recovery',
  'otp',
  'totp',
  'hotp',
  'mfa',
  'apikey',
  'jwt',
  'cookie',
  'authorization',
]);
// "code" is a secret (verification, recovery, one-time) unless a harmless word says what kind it is.
const HARMLESS_CODE_KINDS = new Set([
  'postal',
  'zip',
  'country',
  'language',
  'currency',
  'area',
  'dial',
  'status',
  'error',
  'color',
  'colour',
]);

function keyWords(key: string): string[] {
  return key
    .replace(/([a-z0-9])([A-Z])/g, '$1_$2')
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter(Boolean);
}

export function isSecretKey(key: string): boolean {
  const words = keyWords(key);
  return words.some(
    (word, index) =>
      SECRET_WORDS.has(word) ||
      ((word === 'code' || word === 'codes') && !HARMLESS_CODE_KINDS.has(words[index - 1] ?? '')) ||
      (word === 'key' && ['api', 'private', 'secret', 'signing'].includes(words[index - 1] ?? '')),
  );
}

function truncate(text: string, limit: number): string {
  return text.length <= limit ? text : `${text.slice(0, limit)}… [truncated ${text.length - limit} characters]`;
}

/** A value as stored: secrets redacted at any depth, long texts cut, dates as ISO text. */
function storable(value: unknown, limit: number, depth = 0): unknown {
  if (typeof value === 'string') return truncate(value, limit);
  if (value instanceof Date) return value.toISOString();
  if (typeof value === 'bigint') return value.toString();
  if (value === null || typeof value !== 'object') return value;
  // Nesting this deep is no record of a field any more: its text, cut.
  if (depth > 4) return truncate(JSON.stringify(value) ?? '', limit);
  if (Array.isArray(value)) return value.slice(0, 100).map((item) => storable(item, limit, depth + 1));
  return Object.fromEntries(
    Object.entries(value).map(([key, item]) => [
      key,
      isSecretKey(key) ? AUDIT_REDACTED : storable(item, limit, depth + 1),
    ]),
  );
}

/** Redacts secrets per field, keeps `{ before, after }` pairs intact, and caps the whole entry. */
export function redactChanges(changes: Record<string, unknown> | null | undefined): string | null {
  if (!changes || Object.keys(changes).length === 0) return null;
  for (const limit of [MAX_VALUE_CHARS, 200]) {
    const json = JSON.stringify(redactField(changes, limit));
    if (json.length <= MAX_CHANGES_CHARS) return json;
  }
  // Thousands of fields: the names of the changed fields (up to a limit) say enough.
  const fields = Object.keys(changes).slice(0, 200);
  return JSON.stringify({
    _truncated: { after: `${Object.keys(changes).length} fields changed: ${fields.join(', ')}` },
  });
}

function redactField(changes: Record<string, unknown>, limit: number): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(changes).map(([field, change]) => {
      if (!isSecretKey(field)) return [field, storable(change, limit)];
      // The pair's shape stays, so the entry still shows that the secret changed.
      if (isChangePair(change)) {
        return [field, Object.fromEntries(Object.keys(change).map((side) => [side, AUDIT_REDACTED]))];
      }
      return [field, AUDIT_REDACTED];
    }),
  );
}

function isChangePair(value: unknown): value is { before?: unknown; after?: unknown } {
  if (!value || typeof value !== 'object' || Array.isArray(value)) return false;
  const keys = Object.keys(value);
  return keys.length > 0 && keys.every((key) => key === 'before' || key === 'after');
}

function comparable(value: unknown): string {
  if (value instanceof Date) return value.toISOString();
  return JSON.stringify(value ?? null);
}

/**
 * The changed fields of a row, as { field: { before, after } }. A created row has only `after`, a
 * deleted one only `before`. Revision and update time change with every edit and are left out.
 */
export function diff(
  before: Record<string, unknown> | null | undefined,
  after: Record<string, unknown> | null | undefined,
): Record<string, { before?: unknown; after?: unknown }> {
  const changes: Record<string, { before?: unknown; after?: unknown }> = {};
  const fields = new Set([...Object.keys(before ?? {}), ...Object.keys(after ?? {})]);
  for (const field of fields) {
    if (BOOKKEEPING_FIELDS.has(field)) continue;
    const old = before?.[field];
    const now = after?.[field];
    if (before && after && comparable(old) === comparable(now)) continue;
    changes[field] = {
      ...(before ? { before: old ?? null } : {}),
      ...(after ? { after: now ?? null } : {}),
    };
  }
  return changes;
}

function scopeActor(): AuditActor | null {
  const user = currentAuditScope()?.state.user;
  if (!user || user.id === undefined) return null;
  return { id: user.id as number | string, email: typeof user.email === 'string' ? user.email : null };
}

/** Writes one entry with `db`, the connection or the transaction of the change it records. */
export async function recordAudit(db: Db, entry: AuditEntry): Promise<void> {
  const scope = currentAuditScope();
  const actor = entry.actor === undefined ? scopeActor() : entry.actor;
  const now = scope?.clock.now() ?? new Date();
  const actorId = actor?.id === undefined || actor.id === null ? null : Number(actor.id);
  await db(AUDIT_TABLE).insert({
    occurred_at: now,
    actor_id: Number.isSafeInteger(actorId) ? actorId : null,
    actor_email: actor?.email ? truncate(actor.email, 254) : null,
    action: entry.action,
    module: entry.module,
    entity_id: entry.entityId === undefined || entry.entityId === null ? null : truncate(String(entry.entityId), 64),
    changes: redactChanges(entry.changes),
    request_id: scope?.requestId ?? null,
    ip: scope?.ip ? truncate(scope.ip, 64) : null,
  });
}

/**
 * The policy module of the admin route this request runs, when an admin is signed in: admin writes
 * are recorded only then, so a member's own writes (an activity registration) and the public forms
 * are not filed as admin changes.
 */
export function adminWriteModule(): string | undefined {
  const state = currentAuditScope()?.state;
  if (!state?.auditModule || !isAdminRole(state.user?.role as string | undefined)) return undefined;
  return state.auditModule;
}
