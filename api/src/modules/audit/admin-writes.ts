/**
 * Admin writes and their audit entries in one transaction. The shared write paths (db/revisions.ts,
 * db/table.ts, the users repository) run their writes through these hooks (db/audited-writes.ts,
 * installed by the app): outside an admin route they only run the write; inside one they read the row
 * as it was, write, and record what changed, so the change and its entry commit or roll back together.
 * A write that touches no row leaves no entry.
 */
import type { AuditChangeAction } from '@npo/shared';
import type { Knex } from 'knex';
import type { WriteAudit } from '../../db/audited-writes.js';
import { isPostgres, type Db } from '../../db/connection.js';
import { toBool } from '../../db/rows.js';
import { adminWriteModule, diff, recordAudit } from './record.js';

type Row = Record<string, unknown>;

/**
 * Left out of the entry of a created or deleted row: the entry has the id and time already, and a
 * console creation's client id (db/client-ids.ts) is the outbox's bookkeeping, not the item's content.
 */
const ROW_BOOKKEEPING = ['id', 'created_at', 'client_id'];

function withoutBookkeeping(row: Row): Row {
  return Object.fromEntries(Object.entries(row).filter(([key]) => !ROW_BOOKKEEPING.includes(key)));
}

/** Runs `work` in `db` when it is a transaction already, else in a new one. */
function inTransaction<T>(db: Db, work: (trx: Db) => Promise<T>): Promise<T> {
  return (db as Knex & { isTransaction?: boolean }).isTransaction ? work(db) : db.transaction(work);
}

/** The row as it is before the write; locked on PostgreSQL so the "before" cannot change under it. */
async function rowBefore(trx: Db, table: string, id: number): Promise<Row | undefined> {
  const query = trx(table).where({ id }).first();
  return (await (isPostgres(trx) ? query.forUpdate() : query)) as Row | undefined;
}

/** Account changes name the security event they are; other updates are plain updates. */
function updateAction(
  table: string,
  changes: Record<string, { before?: unknown; after?: unknown }>,
): AuditChangeAction {
  if (table !== 'users') return 'update';
  if (changes.is_active) return toBool(changes.is_active.after) ? 'account_activated' : 'account_deactivated';
  if (changes.role) return 'role_changed';
  if (changes.permissions) return 'permissions_changed';
  return 'update';
}

async function auditedInsert<T extends Row>(db: Db, table: string, insert: (db: Db) => Promise<T>): Promise<T> {
  const module = adminWriteModule();
  if (!module) return insert(db);
  return inTransaction(db, async (trx) => {
    const row = await insert(trx);
    await recordAudit(trx, {
      action: 'create',
      module,
      entityId: row.id as number,
      changes: diff(undefined, withoutBookkeeping(row)),
    });
    return row;
  });
}

async function auditedUpdate<T extends Row>(
  db: Db,
  table: string,
  id: number,
  update: (db: Db) => Promise<T | undefined>,
): Promise<T | undefined> {
  const module = adminWriteModule();
  if (!module) return update(db);
  return inTransaction(db, async (trx) => {
    const before = await rowBefore(trx, table, id);
    const row = await update(trx);
    if (!row) return undefined;
    const changes = diff(before, row);
    await recordAudit(trx, { action: updateAction(table, changes), module, entityId: id, changes });
    return row;
  });
}

async function auditedDelete(
  db: Db,
  table: string,
  id: number,
  remove: (db: Db) => Promise<boolean>,
): Promise<boolean> {
  const module = adminWriteModule();
  if (!module) return remove(db);
  return inTransaction(db, async (trx) => {
    const before = await rowBefore(trx, table, id);
    if (!(await remove(trx))) return false;
    await recordAudit(trx, {
      action: 'delete',
      module,
      entityId: id,
      changes: diff(before && withoutBookkeeping(before), undefined),
    });
    return true;
  });
}

export const adminWriteAudit: WriteAudit = { insert: auditedInsert, update: auditedUpdate, delete: auditedDelete };

/** For an admin write that is none of the above (a reorder, a removed registration): its entry alone. */
export async function recordAdminChange(
  db: Db,
  entry: { action: AuditChangeAction; entityId?: string | number; changes?: Record<string, unknown> },
): Promise<void> {
  const module = adminWriteModule();
  if (module) await recordAudit(db, { ...entry, module });
}
