/**
 * The shared write paths (table.ts, revisions.ts, the users repository) run each admin write through
 * these hooks, so that the write and its audit entry commit or roll back together. What an entry holds
 * and when one is due is the audit module's business (modules/audit/admin-writes.ts): the app installs
 * its hooks at start (app.ts), and the data layer knows only their shape, so it imports no module.
 * Without them (scripts, tests of the data layer alone) a write is the write and nothing else.
 */
import type { Db } from './connection.js';
import type { TableName } from './tables.js';

export type WrittenRow = Record<string, unknown>;

export interface WriteAudit {
  insert<T extends WrittenRow>(db: Db, table: TableName, insert: (db: Db) => Promise<T>): Promise<T>;
  /** `update` answers the written row, or undefined when it touched none (then nothing is recorded). */
  update<T extends WrittenRow>(
    db: Db,
    table: TableName,
    id: number,
    update: (db: Db) => Promise<T | undefined>,
  ): Promise<T | undefined>;
  delete(db: Db, table: TableName, id: number, remove: (db: Db) => Promise<boolean>): Promise<boolean>;
}

const UNRECORDED: WriteAudit = {
  insert: (db, _table, insert) => insert(db),
  update: (db, _table, _id, update) => update(db),
  delete: (db, _table, _id, remove) => remove(db),
};

let writeAudit: WriteAudit = UNRECORDED;

/** Called once by the app: the hooks are stateless (they read the request from its audit scope). */
export function recordWritesWith(audit: WriteAudit): void {
  writeAudit = audit;
}

export const auditedInsert: WriteAudit['insert'] = (db, table, insert) => writeAudit.insert(db, table, insert);
export const auditedUpdate: WriteAudit['update'] = (db, table, id, update) => writeAudit.update(db, table, id, update);
export const auditedDelete: WriteAudit['delete'] = (db, table, id, remove) => writeAudit.delete(db, table, id, remove);
