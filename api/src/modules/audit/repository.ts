/** Reading the audit trail: filtered pages newest first, one entry, and the rows of a CSV export. */
import type { AuditAction, AuditFilter, AuditLogEntry } from '@npo/shared';
import type { Knex } from 'knex';
import { pagesById } from '../../lib/csv.js';
import type { Db } from '../../db/connection.js';
import { pageOfRows } from '../../db/paging.js';
import { countOf, toIso, toJson } from '../../db/rows.js';
import { matchingAny } from '../../db/search.js';
import { staffReads } from '../../db/staff-reads.js';
import type { AuditLogRow } from '../../db/tables.js';
import type { Page, PageResult } from '../../db/table.js';
import { AUDIT_TABLE } from './record.js';

const NEWEST_FIRST = [
  { column: 'occurred_at', order: 'desc' as const },
  { column: 'id', order: 'desc' as const },
];
const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/;
const DAY_MS = 24 * 60 * 60 * 1000;

export function presentAuditEntry(row: AuditLogRow): AuditLogEntry {
  return {
    id: Number(row.id),
    occurredAt: toIso(row.occurred_at),
    actorId: row.actor_id === null ? null : Number(row.actor_id),
    actorEmail: row.actor_email,
    action: row.action as AuditAction,
    module: row.module,
    entityId: row.entity_id,
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

function filterEntries(db: Db, { actor, module, action, from, to }: AuditFilter) {
  return (query: Knex.QueryBuilder): Knex.QueryBuilder => {
    // Digits name an account id; other text is part of the e-mail as it was then.
    if (actor && /^\d{1,10}$/.test(actor)) query.where('actor_id', Number(actor));
    else matchingAny(db, ['actor_email'], actor)(query);
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
    async page(page: Page, filter: AuditFilter): Promise<PageResult<AuditLogEntry>> {
      const matching = filterEntries(db, filter);
      const [rows, total] = await Promise.all([
        pageOfRows<AuditLogRow>(db, AUDIT_TABLE, db(AUDIT_TABLE), page, matching, NEWEST_FIRST),
        countOf(matching(db(AUDIT_TABLE))),
      ]);
      return { items: rows.map(presentAuditEntry), total };
    },

    async findById(id: number): Promise<AuditLogEntry | undefined> {
      const row = await db<AuditLogRow>(AUDIT_TABLE).where({ id }).first();
      return row ? presentAuditEntry(row) : undefined;
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
    async exportPages(filter: AuditFilter, limit: number): Promise<AsyncIterable<AuditLogEntry[]>> {
      const reads = staffReads(db);
      const inFilter = filterEntries(db, filter);
      const ids = await reads.run<number[]>(inFilter(db(AUDIT_TABLE)).orderBy(NEWEST_FIRST).limit(limit).pluck('id'));
      const load = async (pageIds: number[]) =>
        (await reads.run<Parameters<typeof presentAuditEntry>[0][]>(db(AUDIT_TABLE).whereIn('id', pageIds))).map(
          presentAuditEntry,
        );
      return pagesById(ids, load, (entry) => entry.id);
    },
  };
}
