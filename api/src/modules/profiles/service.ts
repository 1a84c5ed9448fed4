/**
 * Members' professional profiles (issue 57): the member's own on /account/profile and the same
 * fields as staff edit them in the member's detail (members:edit, audited). A save is the whole
 * profile, in one transaction that holds the row from the If-Match check to the write; a specialty
 * id the list does not hold is refused as a field error before anything is written.
 */
import {
  isAdminRole,
  PROFILE_MESSAGES,
  type MemberProfile,
  type MemberProfileValues,
  type Specialty,
} from '@npo/shared';
import type { Db } from '../../db/connection.js';
import { ensureRevision, type ExpectedRevision } from '../../db/revisions.js';
import type { AppDeps } from '../../deps.js';
import { forbidden, found, validationError } from '../../errors.js';
import { diff, recordAudit } from '../audit/record.js';
import { createMembersRepository } from '../members/repository.js';
import type { Caller } from '../sessions/service.js';
import { presentProfile, profileColumns } from './presenter.js';
import { createProfilesRepository } from './repository.js';

export const STAFF_HAVE_NO_PROFILE = 'Professional profiles are kept for member accounts only.';
export const PROFILE_SAVED = 'Profile saved';

/** The profile of `userId` as the API shows it (also in "Download my data"). */
export async function readProfile(db: Db, userId: number, lock = false): Promise<MemberProfile> {
  const profiles = createProfilesRepository(db);
  const row = await profiles.find(userId, { lock });
  return presentProfile(row, row ? await profiles.specialtiesOf(userId) : []);
}

export function createProfilesService(deps: AppDeps) {
  const profiles = createProfilesRepository(deps.db);

  async function assertKnownSpecialties(db: Db, ids: readonly number[]): Promise<void> {
    const known = await createProfilesRepository(db).knownSpecialties(ids);
    if (ids.some((id) => !known.has(id))) {
      throw validationError([{ field: 'specialtyIds', message: PROFILE_MESSAGES.specialties }]);
    }
  }

  /** Writes the whole profile of `userId`; `audited` files the change under the members module. */
  function save(
    userId: number,
    values: MemberProfileValues,
    expected: ExpectedRevision | undefined,
    audited: boolean,
  ): Promise<MemberProfile> {
    return deps.db.transaction(async (trx) => {
      const before = await readProfile(trx, userId, true);
      ensureRevision(before, expected);
      await assertKnownSpecialties(trx, values.specialtyIds);
      const repository = createProfilesRepository(trx);
      const columns = { ...profileColumns(values), updated_at: deps.clock.now() };
      // Never saved: its presented revision is 1, so the first save makes 2 (an If-Match of "1" then fails).
      if (before.updatedAt === null) await repository.insert({ user_id: userId, revision: 2, ...columns });
      else await repository.update(userId, columns);
      await repository.setSpecialties(userId, values.specialtyIds);
      const after = await readProfile(trx, userId);
      if (audited) {
        const changes = diff({ ...before, updatedAt: null }, { ...after, updatedAt: null });
        if (Object.keys(changes).length)
          await recordAudit(trx, { action: 'update', module: 'members', entityId: userId, changes });
      }
      return after;
    });
  }

  async function member(id: number): Promise<void> {
    found(await createMembersRepository(deps.db).find(id), 'Member');
  }

  return {
    specialties: (): Promise<Specialty[]> => profiles.specialties(),

    async own({ user }: Caller): Promise<MemberProfile> {
      if (isAdminRole(user.role)) throw forbidden(STAFF_HAVE_NO_PROFILE);
      return readProfile(deps.db, user.id);
    },

    async saveOwn({ user }: Caller, values: MemberProfileValues, expected?: ExpectedRevision): Promise<MemberProfile> {
      if (isAdminRole(user.role)) throw forbidden(STAFF_HAVE_NO_PROFILE);
      return save(user.id, values, expected, false);
    },

    async ofMember(id: number): Promise<MemberProfile> {
      await member(id);
      return readProfile(deps.db, id);
    },

    async saveForMember(id: number, values: MemberProfileValues, expected?: ExpectedRevision): Promise<MemberProfile> {
      await member(id);
      return save(id, values, expected, true);
    },
  };
}
