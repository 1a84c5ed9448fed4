/**
 * Tags staff keep and put on members (issue 57), under the members module's rights. Creating,
 * renaming and deleting a tag are audited under `tags` (the routes' auditModule); a change of a
 * member's tags is audited under `members`, on the member, with the names before and after. A name
 * is unique in any case: the check is inside the write's transaction and the unique index settles a
 * race (409 either way). Deleting a tag takes it off every member (ON DELETE CASCADE).
 */
import { TAG_MESSAGES, tagKey, type Member, type MemberTag, type MemberTagsChange, type Tag } from '@npo/shared';
import { isUniqueViolation } from '../../db/client-ids.js';
import { ensureRevision, type ExpectedRevision } from '../../db/revisions.js';
import type { Db } from '../../db/connection.js';
import type { AppDeps } from '../../deps.js';
import { AppError, found, validationError } from '../../errors.js';
import { recordAdminChange } from '../audit/admin-writes.js';
import { recordAudit } from '../audit/record.js';
import { presentMember } from '../members/presenter.js';
import { createMembersRepository } from '../members/repository.js';
import { membershipTerms } from '../renewals/terms.js';
import { createTagsRepository, presentTag } from './repository.js';

const TAG = 'Tag';
type MemberWithTags = Member & { tags: MemberTag[] };
const nameTaken = () =>
  new AppError(409, 'conflict', TAG_MESSAGES.taken, [{ field: 'name', message: TAG_MESSAGES.taken }]);

/** A unique violation of the name (a race past the check) is the same 409 as the check's. */
async function uniqueName<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (isUniqueViolation(error)) throw nameTaken();
    throw error;
  }
}

async function ensureFree(db: Db, name: string, ownId?: number): Promise<void> {
  const holder = await createTagsRepository(db).byKey(tagKey(name));
  if (holder && Number(holder.id) !== ownId) throw nameTaken();
}

export function createTagsService(deps: AppDeps) {
  const now = () => deps.clock.now();

  return {
    list: (): Promise<Tag[]> => createTagsRepository(deps.db).list(),

    create: (name: string): Promise<Tag> =>
      uniqueName(() =>
        deps.db.transaction(async (trx) => {
          await ensureFree(trx, name);
          const at = now();
          const row = await createTagsRepository(trx).insert({
            name,
            name_key: tagKey(name),
            revision: 1,
            created_at: at,
            updated_at: at,
          });
          await recordAdminChange(trx, { action: 'create', entityId: row.id, changes: { name: { after: name } } });
          return presentTag(row, 0);
        }),
      ),

    rename: (id: number, name: string, expected?: ExpectedRevision): Promise<Tag> =>
      uniqueName(() =>
        deps.db.transaction(async (trx) => {
          const tags = createTagsRepository(trx);
          const before = found(await tags.find(id, { lock: true }), TAG);
          ensureRevision(presentTag(before, 0), expected);
          if (before.name === name) return tags.present(before);
          await ensureFree(trx, name, id);
          const after = await tags.update(id, { name, name_key: tagKey(name), updated_at: now() });
          await recordAdminChange(trx, {
            action: 'update',
            entityId: id,
            changes: { name: { before: before.name, after: name } },
          });
          return tags.present(after);
        }),
      ),

    remove: (id: number, expected?: ExpectedRevision): Promise<void> =>
      deps.db.transaction(async (trx) => {
        const tags = createTagsRepository(trx);
        const row = found(await tags.find(id, { lock: true }), TAG);
        const tag = await tags.present(row);
        ensureRevision(tag, expected);
        await tags.remove(id);
        await recordAdminChange(trx, {
          action: 'delete',
          entityId: id,
          changes: { name: { before: row.name }, memberCount: { before: tag.memberCount } },
        });
      }),

    /**
     * The member with their tags after putting `add` on and taking `remove` off, at the expected
     * revision of the member; a change raises it. An unknown tag id is a field error.
     */
    changeMember: (
      userId: number,
      change: Required<MemberTagsChange>,
      expected?: ExpectedRevision,
    ): Promise<MemberWithTags> =>
      deps.db.transaction(async (trx) => {
        const members = createMembersRepository(trx);
        const row = found(await members.find(userId, { lock: true }), 'Member');
        const tags = createTagsRepository(trx);
        const before = await tags.ofMember(userId);
        // A stale revision is answered with the member as the route answers it: with their tags.
        const current: MemberWithTags = { ...presentMember(row, membershipTerms(deps)), tags: before };
        ensureRevision(current, expected);
        const known = await tags.known(change.add);
        if (change.add.some((tagId) => !known.has(tagId))) {
          throw validationError([{ field: 'add', message: TAG_MESSAGES.unknown }]);
        }
        await tags.change(userId, change.add, change.remove);
        const after = await tags.ofMember(userId);
        const names = (list: MemberTag[]) => list.map((tag) => tag.name);
        if (names(before).join('\n') === names(after).join('\n')) return current;
        await trx('users')
          .where({ id: userId })
          .update({ revision: trx.raw('revision + 1'), updated_at: now() });
        await recordAudit(trx, {
          action: 'update',
          module: 'members',
          entityId: userId,
          changes: { tags: { before: names(before), after: names(after) } },
        });
        return { ...presentMember(found(await members.find(userId), 'Member'), membershipTerms(deps)), tags: after };
      }),
  };
}
