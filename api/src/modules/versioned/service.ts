/**
 * Versioned content (About Us, contact info, privacy policy, terms): POST makes version max+1, the
 * first version is active, activation leaves exactly one active version, the active one cannot be
 * deleted. A partial unique index backs the one-active rule; row locks make concurrent activations
 * queue instead of colliding on it.
 */
import type { Knex } from 'knex';
import { isPostgres, type Db } from '../../db/connection.js';
import { ensureRevision, nextRevision, type ExpectedRevision } from '../../db/revisions.js';
import { tableRepository, type Page } from '../../db/table.js';
import type { AppDeps } from '../../deps.js';
import { conflict, found, notFound } from '../../errors.js';

export interface VersionedKind<Input, Entity> {
  table: string;
  /** Used in messages: "About Us version not found". */
  label: string;
  present(row: any): Entity;
  toRow(input: Input): Record<string, unknown>;
}

function isUniqueViolation(error: unknown): boolean {
  const code = (error as { code?: string }).code;
  return code === '23505' || code === 'SQLITE_CONSTRAINT_UNIQUE';
}

/** What every kind's presenter gives; `revision` makes admin writes conditional on If-Match. */
export interface VersionEntity {
  id: number;
  isActive: boolean;
  revision: number;
}

export function createVersionedService<Input, Entity extends VersionEntity>(
  deps: AppDeps,
  kind: VersionedKind<Input, Entity>,
) {
  const versions = tableRepository(deps.db, kind.table, kind.present, [{ column: 'version', order: 'desc' }]);
  const now = () => deps.clock.now();

  /** On PostgreSQL, locks every version so a concurrent writer waits for this transaction. */
  async function lockVersions(trx: Knex.Transaction): Promise<void> {
    if (isPostgres(deps.db)) await trx(kind.table).select('id').forUpdate();
  }

  /** Retries a transaction that lost a race on a unique index (version number or the active flag). */
  async function withRetry<T>(work: (trx: Knex.Transaction) => Promise<T>): Promise<T> {
    for (let attempt = 1; ; attempt += 1) {
      try {
        return await deps.db.transaction(work);
      } catch (error) {
        if (attempt >= 5 || !isUniqueViolation(error)) throw error;
      }
    }
  }

  /** The public version, or null when none is active (the site then shows its built-in text). */
  async function activeOrNull(): Promise<Entity | null> {
    const row = await deps.db(kind.table).where({ is_active: true }).first();
    return row ? kind.present(row) : null;
  }

  return {
    activeOrNull,
    active: async (): Promise<Entity> => found(await activeOrNull(), kind.label),

    list: (page: Page) => versions.page(page),

    get: async (id: number) => found(await versions.findById(id), kind.label),

    create(input: Input): Promise<Entity> {
      return withRetry(async (trx) => {
        await lockVersions(trx);
        const latest = await trx(kind.table).max({ version: 'version' }).first();
        const version = Number(latest?.version ?? 0) + 1;
        const hasActive = Boolean(await trx(kind.table).where({ is_active: true }).first('id'));
        return versions.insert({ ...kind.toRow(input), version, is_active: !hasActive }, now(), trx as Db);
      });
    },

    async update(id: number, input: Input, expected?: ExpectedRevision): Promise<Entity> {
      return found(await versions.update(id, kind.toRow(input), now(), { expected }), kind.label);
    },

    /** The version it deactivates is changed too, so its revision goes up as well. */
    activate(id: number, expected?: ExpectedRevision): Promise<Entity> {
      return withRetry(async (trx) => {
        await lockVersions(trx);
        const target = found(await versions.findById(id, trx as Db), kind.label);
        ensureRevision(target, expected);
        await trx(kind.table)
          .where({ is_active: true })
          .whereNot({ id })
          .update({ is_active: false, updated_at: now(), ...nextRevision(trx) });
        return found(await versions.update(id, { is_active: true }, now(), { expected, trx }), kind.label);
      });
    },

    /** The precondition comes before the active-version rule: a stale editor first sees what changed. */
    async remove(id: number, expected?: ExpectedRevision): Promise<void> {
      await deps.db.transaction(async (trx) => {
        const target = found(await versions.findById(id, trx as Db), kind.label);
        ensureRevision(target, expected);
        if (target.isActive) throw conflict('The active version cannot be deleted. Activate another version first.');
        if (!(await versions.remove(id, { expected, trx }))) throw notFound(kind.label);
      });
    },
  };
}
