/** Tags staff keep and the members who carry them (migration 20261205120000). */
import type { MemberTag, Tag } from '@npo/shared';
import { isPostgres, type Db } from '../../db/connection.js';
import { insertMany } from '../../db/insert-many.js';
import { toIso } from '../../db/rows.js';
import type { TagRow } from '../../db/tables.js';

export function presentTag(row: TagRow, memberCount: number): Tag {
  return {
    id: Number(row.id),
    revision: Number(row.revision),
    name: row.name,
    memberCount,
    createdAt: toIso(row.created_at),
    updatedAt: toIso(row.updated_at),
  };
}

/** Member ids of one statement's IN list: far below both engines' parameter limits. */
const IDS_A_STATEMENT = 500;

export function createTagsRepository(db: Db) {
  /** Members carrying each tag; erased accounts (their tags are deleted on erasure anyway) not counted. */
  async function memberCounts(tagIds: readonly number[]): Promise<Map<number, number>> {
    if (tagIds.length === 0) return new Map();
    const rows = await db('member_tags')
      .join('users', 'users.id', 'member_tags.user_id')
      .whereNull('users.erased_at')
      .whereIn('member_tags.tag_id', [...tagIds])
      .groupBy('member_tags.tag_id')
      .select('member_tags.tag_id')
      .count<{ tag_id: number; count: number | string }[]>({ count: '*' });
    return new Map(rows.map((row) => [Number(row.tag_id), Number(row.count)]));
  }

  return {
    async list(): Promise<Tag[]> {
      const rows: TagRow[] = await db('tags').orderBy('name_key').orderBy('id');
      const counts = await memberCounts(rows.map((row) => row.id));
      return rows.map((row) => presentTag(row, counts.get(row.id) ?? 0));
    },

    async present(row: TagRow): Promise<Tag> {
      return presentTag(row, (await memberCounts([row.id])).get(row.id) ?? 0);
    },

    /** Locked on PostgreSQL with `lock`, so the If-Match check and the write see the same row. */
    find(id: number, { lock = false } = {}): Promise<TagRow | undefined> {
      const query = db('tags').where({ id }).first();
      return lock && isPostgres(db) ? query.forUpdate() : query;
    },

    byKey: (key: string): Promise<TagRow | undefined> => db('tags').where({ name_key: key }).first(),

    /** Every tag by its key (lower-cased name): the import reads the list once. */
    async allByKey(): Promise<Map<string, number>> {
      const rows: { id: number; name_key: string }[] = await db('tags').select('id', 'name_key');
      return new Map(rows.map((row) => [row.name_key, Number(row.id)]));
    },

    async insert(values: Omit<TagRow, 'id'>): Promise<TagRow> {
      const [row] = await db('tags').insert(values).returning<TagRow[]>('*');
      return row!;
    },

    async update(id: number, values: Partial<TagRow>): Promise<TagRow> {
      const [row] = await db('tags')
        .where({ id })
        .update({ ...values, revision: db.raw('revision + 1') })
        .returning<TagRow[]>('*');
      return row!;
    },

    remove: (id: number) => db('tags').where({ id }).delete(),

    /** The ids of `ids` that the list holds. */
    async known(ids: readonly number[]): Promise<Set<number>> {
      if (ids.length === 0) return new Set();
      const rows: { id: number }[] = await db('tags')
        .whereIn('id', [...ids])
        .select('id');
      return new Set(rows.map((row) => Number(row.id)));
    },

    ofMember: (userId: number): Promise<MemberTag[]> =>
      db('member_tags')
        .join('tags', 'tags.id', 'member_tags.tag_id')
        .where('member_tags.user_id', userId)
        .select('tags.id', 'tags.name')
        .orderBy('tags.name_key')
        .orderBy('tags.id'),

    /** Each member's tag names (for the export), a page of ids at a time. */
    async namesOf(userIds: readonly number[]): Promise<Map<number, string[]>> {
      const names = new Map<number, string[]>();
      for (let start = 0; start < userIds.length; start += IDS_A_STATEMENT) {
        const rows: { user_id: number; name: string }[] = await db('member_tags')
          .join('tags', 'tags.id', 'member_tags.tag_id')
          .whereIn('member_tags.user_id', userIds.slice(start, start + IDS_A_STATEMENT))
          .orderBy('tags.name_key')
          .select('member_tags.user_id', 'tags.name');
        for (const row of rows) names.set(Number(row.user_id), [...(names.get(Number(row.user_id)) ?? []), row.name]);
      }
      return names;
    },

    /** Puts tags on and takes tags off a member; a tag already on (or off) is left as it is. */
    async change(userId: number, add: readonly number[], remove: readonly number[]): Promise<void> {
      if (remove.length)
        await db('member_tags')
          .where({ user_id: userId })
          .whereIn('tag_id', [...remove])
          .delete();
      if (add.length) {
        await db('member_tags')
          .insert(add.map((tagId) => ({ user_id: userId, tag_id: tagId })))
          .onConflict(['user_id', 'tag_id'])
          .ignore();
      }
    },

    /** Links of many members at once (the import), skipping any that exist; SQLite's `batch` a statement. */
    link: (rows: readonly { user_id: number; tag_id: number }[], batch: number): Promise<void> =>
      insertMany(db, 'member_tags', rows, { batch, skipConflictsOn: ['user_id', 'tag_id'] }),
  };
}
