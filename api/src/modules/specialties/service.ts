/**
 * The specialties list as staff keep it (issue 57): add, rename, remove, each one transaction with its
 * audit entry (filed under the specialties), renames and removals at the If-Match revision. Names are
 * unique by their key (trimmed, lower case): a name taken is a 409 on `name`, found before the write
 * and, when two writes race, by the unique index. Removing one that profiles name is refused with
 * their count unless the caller confirmed (removeFromProfiles), which then takes it off them.
 */
import { SPECIALTY_MESSAGES, specialtyInUseMessage, type SpecialtyAdmin } from '@npo/shared';
import { isUniqueViolation } from '../../db/client-ids.js';
import type { Db } from '../../db/connection.js';
import { ensureRevision, type ExpectedRevision } from '../../db/revisions.js';
import type { AppDeps } from '../../deps.js';
import { AppError, found } from '../../errors.js';
import { diff, recordAudit } from '../audit/record.js';
import { AUDIT_SPECIALTIES_MODULE } from '@npo/shared';
import { createSpecialtiesRepository } from './repository.js';

const LABEL = 'Specialty';

const nameTaken = () =>
  new AppError(409, 'conflict', SPECIALTY_MESSAGES.taken, [{ field: 'name', message: SPECIALTY_MESSAGES.taken }]);

/** A unique-index refusal (a race with another write of the same name) as the field's 409. */
async function refusingTakenNames<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (isUniqueViolation(error)) throw nameTaken();
    throw error;
  }
}

export function createSpecialtiesService(deps: AppDeps) {
  const now = () => deps.clock.now();
  const audit = (trx: Db, action: 'create' | 'update' | 'delete', id: number, changes: Record<string, unknown>) =>
    recordAudit(trx, { action, module: AUDIT_SPECIALTIES_MODULE, entityId: id, changes });

  /** The specialty, locked for the rest of the transaction, checked against If-Match. */
  async function current(trx: Db, id: number, expected: ExpectedRevision | undefined): Promise<SpecialtyAdmin> {
    const specialties = createSpecialtiesRepository(trx);
    await specialties.lock(id);
    const specialty = found(await specialties.find(id), LABEL);
    ensureRevision(specialty, expected);
    return specialty;
  }

  return {
    list: () => createSpecialtiesRepository(deps.db).list(),

    create: (name: string): Promise<SpecialtyAdmin> =>
      refusingTakenNames(() =>
        deps.db.transaction(async (trx) => {
          const specialties = createSpecialtiesRepository(trx);
          if ((await specialties.withKey(name)) !== undefined) throw nameTaken();
          const id = await specialties.insert(name, now());
          await audit(trx, 'create', id, { name: { after: name } });
          return found(await specialties.find(id), LABEL);
        }),
      ),

    rename: (id: number, name: string, expected?: ExpectedRevision): Promise<SpecialtyAdmin> =>
      refusingTakenNames(() =>
        deps.db.transaction(async (trx) => {
          const before = await current(trx, id, expected);
          const specialties = createSpecialtiesRepository(trx);
          if ((await specialties.withKey(name, id)) !== undefined) throw nameTaken();
          if (before.name === name) return before;
          await specialties.rename(id, name, now());
          const after = found(await specialties.find(id), LABEL);
          await audit(trx, 'update', id, diff({ name: before.name }, { name: after.name }));
          return after;
        }),
      ),

    remove: (id: number, removeFromProfiles: boolean, expected?: ExpectedRevision): Promise<void> =>
      deps.db.transaction(async (trx) => {
        const specialty = await current(trx, id, expected);
        if (specialty.profiles > 0 && !removeFromProfiles) {
          throw new AppError(409, 'specialty_in_use', specialtyInUseMessage(specialty.profiles));
        }
        await createSpecialtiesRepository(trx).remove(id);
        await audit(trx, 'delete', id, { name: { before: specialty.name }, profiles: { before: specialty.profiles } });
      }),
  };
}
