/** Reading the audit trail: filtered pages newest first, one entry, and the rows of a CSV export. */
import {
  AUDIT_ANNOUNCEMENTS_MODULE,
  AUDIT_TAGS_MODULE,
  AUDIT_AUTH_MODULE,
  AUDIT_SPECIALTIES_MODULE,
  type AUDIT_SORTS,
  type AuditAction,
  type AuditFilter,
  type AuditLogEntry,
} from '@npo/shared';
import type { Knex } from 'knex';
import { csvPagesById, type CsvFormat } from '../../lib/csv.js';
import type { Db } from '../../db/connection.js';
import { orderFor, pageOfRows, type ListSort, type SortColumn } from '../../db/paging.js';
import { countOf, idsOf, toIso, toJson } from '../../db/rows.js';
import { matchingAny } from '../../db/search.js';
import type { AuditLogRow, TableName } from '../../db/tables.js';
import type { Page, PageResult } from '../../db/table.js';
import { AUDIT_TABLE } from './record.js';

const NEWEST_FIRST = [
  { column: 'occurred_at', order: 'desc' as const },
  { column: 'id', order: 'desc' as const },
];
export type AuditSort = ListSort<(typeof AUDIT_SORTS)[number]>;

/** The console's sort names and their columns; entries of no one (security events) come last. */
function sortColumns(db: Db): Record<(typeof AUDIT_SORTS)[number], SortColumn> {
  return {
    occurredAt: 'occurred_at',
    actor: { column: 'actor_email', isNull: db.raw('(actor_email is null)') },
    action: 'action',
    module: 'module',
  };
}

const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/;
const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Where the item of an entry is named now: its module's table and the column naming it (versions by
 * their number). `connect` is left out: its entries are of contact info versions and of messages alike.
 */
const NAMED_BY: Record<string, { table: TableName; column: string; version?: true }> = {
  membership: { table: 'membership_cards', column: 'title' },
  activities: { table: 'activities', column: 'title' },
  testimonials: { table: 'testimonials', column: 'name' },
  faqs: { table: 'faqs', column: 'question' },
  admins: { table: 'users', column: 'name' },
  members: { table: 'users', column: 'name' },
  [AUDIT_ANNOUNCEMENTS_MODULE]: { table: 'announcements', column: 'subject' },
  [AUDIT_SPECIALTIES_MODULE]: { table: 'specialties', column: 'name' },
  [AUDIT_TAGS_MODULE]: { table: 'tags', column: 'name' },
  [AUDIT_AUTH_MODULE]: { table: 'users', column: 'name' },
  mail: { table: 'mail_queue', column: 'recipient' },
  about: { table: 'about_us_versions', column: 'version', version: true },
  privacy_policy: { table: 'privacy_policy_versions', column: 'version', version: true },
  terms_of_service: { table: 'terms_of_service_versions', column: 'version', version: true },
};

/** The fields of a recorded row that name it, in the order tried. */
const NAME_FIELDS = ['title', 'name', 'question', 'subject', 'recipient'];

/** A naming value as text: a name or title, or a version number; anything else names nothing. */
const nameText = (value: unknown, version?: boolean): string | null => {
  if (typeof value !== 'string' && typeof value !== 'number') return null;
  if (value === '') return null;
  return version ? `Version ${value}` : String(value);
};

/** The name the entry itself holds: a created, changed or deleted row's naming field, after or before. */
function recordedName(changes: Record<string, unknown> | null): string | null {
  if (!changes) return null;
  for (const field of [...NAME_FIELDS, 'version']) {
    const change = changes[field];
    if (!change || typeof change !== 'object') continue;
    const { before, after } = change as { before?: unknown; after?: unknown };
    const found = nameText(after ?? before, field === 'version');
    if (found) return found;
  }
  return null;
}

/** The current names of the page's items, one query per module on the page: `module:id` → name. */
async function currentNames(db: Db, rows: AuditLogRow[]): Promise<Map<string, string>> {
  const idsByModule = new Map<string, number[]>();
  for (const row of rows) {
    if (!NAMED_BY[row.module] || !row.entity_id || !/^\d{1,10}$/.test(row.entity_id)) continue;
    idsByModule.set(row.module, [...(idsByModule.get(row.module) ?? []), Number(row.entity_id)]);
  }
  const names = new Map<string, string>();
  await Promise.all(
    [...idsByModule].map(async ([module, ids]) => {
      const { table, column, version } = NAMED_BY[module]!;
      const found = await db(table)
        .whereIn('id', ids)
        .select<{ id: number; name: unknown }[]>('id', `${column} as name`);
      for (const item of found) {
        const name = nameText(item.name, version);
        if (name) names.set(`${module}:${Number(item.id)}`, name);
      }
    }),
  );
  return names;
}

/**
 * The names the trail recorded for items that are gone: a deleted item's last entry holds its whole
 * row (`before`), its creation the first one (`after`); an edit of one field alone names nothing.
 */
async function recordedNames(db: Db, unnamed: AuditLogRow[]): Promise<Map<string, string>> {
  const names = new Map<string, string>();
  const keyed = unnamed.filter((row) => row.entity_id !== null);
  if (keyed.length === 0) return names;
  const found = await db<AuditLogRow>(AUDIT_TABLE)
    .whereIn('action', ['create', 'delete'])
    .whereIn('entity_id', [...new Set(keyed.map((row) => row.entity_id!))])
    .whereIn('module', [...new Set(keyed.map((row) => row.module))])
    .orderBy('id', 'desc')
    .select('module', 'entity_id', 'changes');
  for (const row of found) {
    const key = `${row.module}:${row.entity_id}`;
    const name = recordedName(toJson<Record<string, unknown> | null>(row.changes, null));
    if (name && !names.has(key)) names.set(key, name);
  }
  return names;
}

/** The entries with their items' names: the current one, else what the entry, or the item's creation or deletion, recorded. */
async function presentNamed(db: Db, rows: AuditLogRow[]): Promise<AuditLogEntry[]> {
  const current = await currentNames(db, rows);
  const named = rows.map((row) => {
    const entry = presentAuditEntry(row);
    return { ...entry, entityName: current.get(`${row.module}:${row.entity_id}`) ?? recordedName(entry.changes) };
  });
  // Sign-in events record no names: only content and accounts edited by staff are looked up.
  const unnamed = rows.filter(
    (row, index) => named[index]!.entityName === null && NAMED_BY[row.module] && row.module !== AUDIT_AUTH_MODULE,
  );
  const recorded = await recordedNames(db, unnamed);
  return named.map((entry) => ({
    ...entry,
    entityName: entry.entityName ?? recorded.get(`${entry.module}:${entry.entityId}`) ?? null,
  }));
}

/** The activity log as staff open it in a spreadsheet: each entry's changes as JSON text. */
export const AUDIT_CSV: CsvFormat = {
  columns: [
    ['Time', { column: 'occurred_at', as: 'date' }],
    ['Actor ID', { column: 'actor_id', as: 'number' }],
    ['Actor e-mail', 'actor_email'],
    ['Action', 'action'],
    ['Module', 'module'],
    ['Entity ID', 'entity_id'],
    ['Changes', { column: 'changes', as: 'json' }],
    ['Request ID', 'request_id'],
    ['IP', 'ip'],
  ],
  id: 'id',
};

export function presentAuditEntry(row: AuditLogRow): AuditLogEntry {
  return {
    id: Number(row.id),
    occurredAt: toIso(row.occurred_at),
    actorId: row.actor_id === null ? null : Number(row.actor_id),
    actorEmail: row.actor_email,
    action: row.action as AuditAction,
    module: row.module,
    entityId: row.entity_id,
    entityName: null,
    changes: toJson<Record<string, unknown> | null>(row.changes, null),
    requestId: row.request_id,
    ip: row.ip,
  };
}

/** `to` as a bound: a calendar day includes all of that (UTC) day, an instant includes itself. */
function upperBound(to: string): { operator: '<' | '<='; at: Date } {
  if (DATE_ONLY.test(to)) return { operator: '<', at: new Date(Date.parse(to) + DAY_MS) };
  return { operator: '<=', at: new Date(to) };
}

function filterEntries(db: Db, { actor, module, action, view, from, to }: AuditFilter) {
  return (query: Knex.QueryBuilder): Knex.QueryBuilder => {
    if (view === 'changes') query.whereNot('module', AUDIT_AUTH_MODULE);
    // Digits name an account id; other text is part of the e-mail as it was then, or of the
    // account's name as it is now (issue 55 item 10: staff look a person up by name).
    if (actor && /^\d{1,10}$/.test(actor)) query.where('actor_id', Number(actor));
    else if (actor)
      query.where((person) => {
        matchingAny(db, ['actor_email'], actor)(person);
        person.orWhereIn('actor_id', matchingAny(db, ['name'], actor)(db('users').select('id')));
      });
    if (module) query.where('module', module);
    if (action) query.where('action', action);
    if (from) query.where('occurred_at', '>=', new Date(from));
    if (to) {
      const { operator, at } = upperBound(to);
      query.where('occurred_at', operator, at);
    }
    return query;
  };
}

export function createAuditRepository(db: Db) {
  return {
    async page(page: Page, filter: AuditFilter, sort: AuditSort = {}): Promise<PageResult<AuditLogEntry>> {
      const matching = filterEntries(db, filter);
      const order = orderFor(sortColumns(db), sort, NEWEST_FIRST);
      const [rows, total] = await Promise.all([
        pageOfRows<AuditLogRow>(db, AUDIT_TABLE, db(AUDIT_TABLE), page, matching, order),
        countOf(matching(db(AUDIT_TABLE))),
      ]);
      return { items: await presentNamed(db, rows), total };
    },

    async findById(id: number): Promise<AuditLogEntry | undefined> {
      const row = await db<AuditLogRow>(AUDIT_TABLE).where({ id }).first();
      return row ? (await presentNamed(db, [row]))[0] : undefined;
    },

    async all(filter: AuditFilter, limit: number): Promise<AuditLogEntry[]> {
      const rows = (await filterEntries(
        db,
        filter,
      )(db(AUDIT_TABLE))
        .orderBy(NEWEST_FIRST)
        .limit(limit)) as AuditLogRow[];
      return rows.map(presentAuditEntry);
    },

    /** The newest `limit` entries in the filter, for the CSV export, read in pages (lib/csv.ts). */
    async exportPages(filter: AuditFilter, limit: number): Promise<AsyncIterable<Buffer>> {
      const inFilter = filterEntries(db, filter);
      const ids = await idsOf(inFilter(db(AUDIT_TABLE)).orderBy(NEWEST_FIRST).limit(limit));
      return csvPagesById(ids, AUDIT_CSV, (pageIds) => db(AUDIT_TABLE).whereIn('id', pageIds));
    },
  };
}
