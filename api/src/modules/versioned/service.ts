/**
 * Versioned content (About Us, contact info, privacy policy, terms): POST makes version max+1, the
 * first version is active, activation leaves exactly one active version, the active one cannot be
 * deleted. A partial unique index backs the one-active rule; row locks make concurrent activations
 * queue instead of colliding on it.
 */
import type { VersionedItem } from '@npo/shared';
import type { Knex } from 'knex';
import { clientIdColumn, isUniqueViolation } from '../../db/client-ids.js';
import type { Db } from '../../db/connection.js';
import { ensureRevision, type ExpectedRevision } from '../../db/revisions.js';
import type { Page } from '../../db/table.js';
import type { AppDeps } from '../../deps.js';
import { conflict, found, notFound, validationError } from '../../errors.js';
import { SCHEDULE_IN_PAST } from '@npo/shared';
import { createVersionsRepository, type VersionedKind, type VersionedTable } from './repository.js';

export type { VersionedKind };

export function createVersionedService<
  Table extends VersionedTable,
  Input extends { clientId?: string | undefined },
  Entity extends VersionedItem,
>(deps: AppDeps, kind: VersionedKind<Table, Input, Entity>) {
  const versions = createVersionsRepository(deps.db, kind);
  const now = () => deps.clock.now();

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

  return {
    activeOrNull: versions.activeOrNull,
    active: async (): Promise<Entity> => found(await versions.activeOrNull(), kind.label),

    list: (page: Page) => versions.page(page),

    get: async (id: number) => found(await versions.findById(id), kind.label),

    /** A replay of a console creation answers the version it made (found under the same locks). */
    create(input: Input): Promise<Entity> {
      return withRetry(async (trx) => {
        await versions.lockAll(trx);
        const made = input.clientId === undefined ? undefined : await versions.findByClientId(input.clientId, trx);
        if (made) return made;
        const version = (await versions.latestNumber(trx)) + 1;
        const isActive = !(await versions.hasActive(trx));
        return versions.insert(
          { ...kind.toRow(input), ...clientIdColumn(input), version, is_active: isActive },
          now(),
          trx,
        );
      });
    },

    async update(id: number, input: Input, expected?: ExpectedRevision): Promise<Entity> {
      return found(await versions.update(id, kind.toRow(input), now(), { expected }), kind.label);
    },

    /** The version it deactivates is changed too, so its revision goes up as well. */
    activate(id: number, expected?: ExpectedRevision): Promise<Entity> {
      return withRetry(async (trx) => {
        await versions.lockAll(trx);
        const target = found(await versions.findById(id, trx), kind.label);
        ensureRevision(target, expected);
        await versions.deactivateOthers(id, now(), trx);
        return found(await versions.setActive(id, now(), { expected, trx }), kind.label);
      });
    },

    /**
     * Sets (or replaces) when the scheduler activates an inactive version; `by` is who asked, for the
     * scheduler's audit entry. The route's own audit entry records the schedule itself.
     */
    async schedule(id: number, at: Date, by: string | null, expected?: ExpectedRevision): Promise<Entity> {
      if (at.getTime() <= now().getTime()) throw validationError([{ field: 'activateAt', message: SCHEDULE_IN_PAST }]);
      return deps.db.transaction(async (trx: Db) => {
        const target = found(await versions.findById(id, trx), kind.label);
        ensureRevision(target, expected);
        if (target.isActive) throw conflict('This version is live already: only an inactive version can be scheduled.');
        return found(await versions.setSchedule(id, { at, by }, now(), { expected, trx }), kind.label);
      });
    },

    async cancelSchedule(id: number, expected?: ExpectedRevision): Promise<Entity> {
      return found(await versions.setSchedule(id, null, now(), { expected }), kind.label);
    },

    /** The precondition comes before the active-version rule: a stale editor first sees what changed. */
    async remove(id: number, expected?: ExpectedRevision): Promise<void> {
      await deps.db.transaction(async (trx: Db) => {
        const target = found(await versions.findById(id, trx), kind.label);
        ensureRevision(target, expected);
        if (target.isActive) throw conflict('The active version cannot be deleted. Activate another version first.');
        if (!(await versions.remove(id, { expected, trx }))) throw notFound(kind.label);
      });
    },
  };
}
