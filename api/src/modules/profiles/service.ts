/**
 * Members' professional profiles (issue 57): the member's own on /account/profile and the same
 * fields as staff edit them in the member's detail (members:edit, audited); the member's choice to
 * be listed in the directory, with the consent text and its date; and staff's verification of the
 * registration, a decline mailing its reason to the member through the mail queue. Every write is
 * one transaction that holds the row from the If-Match check to the write; a specialty id the list
 * does not hold is refused as a field error before anything is written.
 */
import {
  DIRECTORY_CONSENT_TEXT,
  isAdminRole,
  PROFILE_MESSAGES,
  type MemberProfile,
  type MemberProfileValues,
  type PhotoSize,
  type Specialty,
  type VerificationInput,
} from '@npo/shared';
import type { Db } from '../../db/connection.js';
import { ensureRevision, type ExpectedRevision } from '../../db/revisions.js';
import type { MemberProfileRow } from '../../db/tables.js';
import type { AppDeps } from '../../deps.js';
import { forbidden, found, validationError } from '../../errors.js';
import { registrationDeclinedMail } from '../../mail/templates.js';
import { diff, recordAudit } from '../audit/record.js';
import { directorySlug } from '../directory/slug.js';
import { createMembersRepository } from '../members/repository.js';
import type { Caller } from '../sessions/service.js';
import { processPhoto } from './photo-image.js';
import { presentProfile, profileColumns } from './presenter.js';
import { createProfilesRepository } from './repository.js';

export const STAFF_HAVE_NO_PROFILE = 'Professional profiles are kept for member accounts only.';
export const PROFILE_SAVED = 'Profile saved';

/** The profile of `userId` as the API shows it (also in "Download my data"). */
export async function readProfile(db: Db, userId: number, lock = false): Promise<MemberProfile> {
  const profiles = createProfilesRepository(db);
  const row = await profiles.find(userId, { lock });
  if (!row) return presentProfile(undefined, []);
  return presentProfile(row, await profiles.specialtiesOf(userId), await profiles.photoHash(userId));
}

/** What one write changes, worked out from the profile as it is (inside the transaction). */
type ProfileChange = (before: MemberProfile, trx: Db) => Promise<Partial<MemberProfileRow>> | Partial<MemberProfileRow>;

/** Fields a staff audit entry leaves out: they change with every write. */
const withoutStamps = (profile: MemberProfile) => ({ ...profile, revision: 0, updatedAt: null });

export function createProfilesService(deps: AppDeps) {
  const profiles = createProfilesRepository(deps.db);
  const now = () => deps.clock.now();

  async function assertKnownSpecialties(db: Db, ids: readonly number[]): Promise<void> {
    const known = await createProfilesRepository(db).knownSpecialties(ids);
    if (ids.some((id) => !known.has(id))) {
      throw validationError([{ field: 'specialtyIds', message: PROFILE_MESSAGES.specialties }]);
    }
  }

  /**
   * Writes `change` to the profile of `userId` at the expected revision; `audited` files it under the
   * members module (staff's writes). `after` runs in the same transaction (a mail to queue).
   */
  function write(
    userId: number,
    expected: ExpectedRevision | undefined,
    change: ProfileChange,
    options: {
      audited: boolean;
      specialtyIds?: readonly number[];
      /** Writes of other tables that belong to the profile (its photo), before it is read back. */
      alsoWrite?: (trx: Db) => Promise<void>;
      after?: (trx: Db, profile: MemberProfile) => Promise<void>;
    },
  ): Promise<MemberProfile> {
    return deps.db.transaction(async (trx) => {
      const before = await readProfile(trx, userId, true);
      ensureRevision(before, expected);
      if (options.specialtyIds) await assertKnownSpecialties(trx, options.specialtyIds);
      const repository = createProfilesRepository(trx);
      const columns = { ...(await change(before, trx)), updated_at: now() };
      // Never saved: its presented revision is 1, so the first save makes 2 (an If-Match of "1" then fails).
      if (before.updatedAt === null) await repository.insert({ user_id: userId, revision: 2, ...columns });
      else await repository.update(userId, columns);
      if (options.specialtyIds) await repository.setSpecialties(userId, options.specialtyIds);
      await options.alsoWrite?.(trx);
      const after = await readProfile(trx, userId);
      if (options.audited) {
        const changes = diff(withoutStamps(before), withoutStamps(after));
        if (Object.keys(changes).length) {
          await recordAudit(trx, { action: 'update', module: 'members', entityId: userId, changes });
        }
      }
      await options.after?.(trx, after);
      return after;
    });
  }

  /**
   * The whole profile. A changed registration body or number goes back to pending verification: what
   * staff verified is no longer what the profile says.
   */
  const saveProfile = (
    userId: number,
    values: MemberProfileValues,
    expected: ExpectedRevision | undefined,
    audited: boolean,
  ) =>
    write(
      userId,
      expected,
      (before) => {
        const registrationChanged =
          before.registrationBody !== values.registrationBody ||
          before.registrationNumber !== values.registrationNumber;
        const recheck = registrationChanged && before.verification.status !== 'pending';
        return {
          ...profileColumns(values),
          ...(recheck && { verification: 'pending', verification_reason: '', verification_decided_at: null }),
        };
      },
      { audited, specialtyIds: values.specialtyIds },
    );

  /**
   * A new photo for `userId`: checked and resized before the transaction (a decode holds no row lock),
   * then kept with the profile's next revision, so If-Match covers it like any other field.
   */
  async function savePhoto(userId: number, base64: string, expected: ExpectedRevision | undefined, audited: boolean) {
    const photo = await processPhoto(base64);
    return write(userId, expected, () => ({}), {
      audited,
      alsoWrite: (trx) => createProfilesRepository(trx).setPhoto(userId, photo, now()),
    });
  }

  /** No photo any more; without one, the profile as it is (nothing written). */
  async function removePhoto(userId: number, expected: ExpectedRevision | undefined, audited: boolean) {
    const current = await readProfile(deps.db, userId);
    if (!current.photo) {
      ensureRevision(current, expected);
      return current;
    }
    return write(userId, expected, () => ({}), {
      audited,
      alsoWrite: async (trx) => {
        await createProfilesRepository(trx).removePhoto(userId);
      },
    });
  }

  async function memberRow(id: number) {
    return found(await createMembersRepository(deps.db).find(id), 'Member');
  }

  /** The profile's directory address: the one it was first given, kept for good (directory/slug.ts). */
  async function slugFor(trx: Db, userId: number): Promise<string> {
    const kept = (await createProfilesRepository(trx).find(userId))?.directory_slug;
    if (kept) return kept;
    return directorySlug(found(await createMembersRepository(trx).find(userId), 'Member').name, userId);
  }

  function ownOnly({ user }: Caller): number {
    if (isAdminRole(user.role)) throw forbidden(STAFF_HAVE_NO_PROFILE);
    return user.id;
  }

  return {
    specialties: (): Promise<Specialty[]> => profiles.specialties(),

    own: (caller: Caller): Promise<MemberProfile> => readProfile(deps.db, ownOnly(caller)),

    saveOwn: (caller: Caller, values: MemberProfileValues, expected?: ExpectedRevision): Promise<MemberProfile> =>
      saveProfile(ownOnly(caller), values, expected, false),

    /**
     * Listed or not. Listing keeps the consent text as agreed to and its date; withdrawing keeps its
     * date. Asking for what already holds changes nothing.
     */
    setListing(caller: Caller, listed: boolean, expected?: ExpectedRevision): Promise<MemberProfile> {
      return write(
        ownOnly(caller),
        expected,
        async (before, trx) => {
          if (before.listing.listed === listed) return {};
          if (!listed) return { listed: false, listing_withdrawn_at: now() };
          return {
            listed: true,
            listing_consent_text: DIRECTORY_CONSENT_TEXT,
            listing_consented_at: now(),
            directory_slug: await slugFor(trx, caller.user.id),
          };
        },
        { audited: false },
      );
    },

    setOwnPhoto: (caller: Caller, base64: string, expected?: ExpectedRevision) =>
      savePhoto(ownOnly(caller), base64, expected, false),
    removeOwnPhoto: (caller: Caller, expected?: ExpectedRevision) => removePhoto(ownOnly(caller), expected, false),

    async setMemberPhoto(id: number, base64: string, expected?: ExpectedRevision): Promise<MemberProfile> {
      await memberRow(id);
      return savePhoto(id, base64, expected, true);
    },
    async removeMemberPhoto(id: number, expected?: ExpectedRevision): Promise<MemberProfile> {
      await memberRow(id);
      return removePhoto(id, expected, true);
    },

    photoImage: (hash: string, size: PhotoSize) => profiles.photoImage(hash, size),

    async ofMember(id: number): Promise<MemberProfile> {
      await memberRow(id);
      return readProfile(deps.db, id);
    },

    async saveForMember(id: number, values: MemberProfileValues, expected?: ExpectedRevision): Promise<MemberProfile> {
      await memberRow(id);
      return saveProfile(id, values, expected, true);
    },

    /** Staff's decision on the registration; a decline mails its reason to the member in the same transaction. */
    async verify(
      id: number,
      decision: VerificationInput & { reason: string },
      staffId: number,
      expected?: ExpectedRevision,
    ) {
      const member = await memberRow(id);
      const reason = decision.status === 'declined' ? decision.reason : '';
      return write(
        id,
        expected,
        () => ({
          verification: decision.status,
          verification_reason: reason,
          verification_decided_at: decision.status === 'pending' ? null : now(),
          verification_decided_by: decision.status === 'pending' ? null : staffId,
        }),
        {
          audited: true,
          after: async (trx) => {
            if (decision.status !== 'declined') return;
            const profileUrl = `${deps.config.publicUrl}/account/profile`;
            await deps.mailer.enqueue(trx, registrationDeclinedMail(member.email, member.name, reason, profileUrl));
          },
        },
      );
    },
  };
}
