/** The specialties table as staff keep it (migrations 20261204120000, 20261205110000). */
import { specialtyKey, type SpecialtyAdmin } from '@npo/shared';
import { isPostgres, type Db } from '../../db/connection.js';
import { toIso } from '../../db/rows.js';
import type { SpecialtyRow } from '../../db/tables.js';

type CountedRow = SpecialtyRow & { profiles: number | string };

function present(row: CountedRow): SpecialtyAdmin {
  return {
    id: row.id,
    revision: Number(row.revision),
    name: row.name,
    profiles: Number(row.profiles),
    updatedAt: toIso(row.updated_at ?? row.created_at),
  };
}

export function createSpecialtiesRepository(db: Db) {
  /** Each specialty with how many profiles name it. */
  const counted = () =>
    db('specialties')
      .select(
        'specialties.*',
        db('member_specialties')
          .count('*')
          .where('member_specialties.specialty_id', db.ref('specialties.id'))
          .as('profiles'),
      )
      .orderBy('specialties.name')
      .orderBy('specialties.id');

  return {
    list: async (): Promise<SpecialtyAdmin[]> => ((await counted()) as CountedRow[]).map(present),

    async find(id: number): Promise<SpecialtyAdmin | undefined> {
      const row = (await counted().where('specialties.id', id).first()) as CountedRow | undefined;
      return row && present(row);
    },

    /** Locked on PostgreSQL, so the If-Match check, the in-use count and the write see one row. */
    async lock(id: number): Promise<void> {
      if (isPostgres(db)) await db('specialties').where({ id }).forUpdate().first('id');
    },

    /** The specialty whose name has this key, besides `exceptId`. */
    async withKey(name: string, exceptId?: number): Promise<number | undefined> {
      const query = db('specialties').where({ name_key: specialtyKey(name) });
      if (exceptId !== undefined) void query.whereNot({ id: exceptId });
      const row: { id: number } | undefined = await query.first('id');
      return row?.id;
    },

    async insert(name: string, now: Date): Promise<number> {
      const [row] = await db('specialties')
        .insert({ name, name_key: specialtyKey(name), revision: 1, created_at: now, updated_at: now })
        .returning('id');
      return (row as { id: number }).id;
    },

    rename: (id: number, name: string, now: Date) =>
      db('specialties')
        .where({ id })
        .update({ name, name_key: specialtyKey(name), updated_at: now, revision: db.raw('revision + 1') }),

    /** Takes it off every profile, then removes it. */
    async remove(id: number): Promise<void> {
      await db('member_specialties').where({ specialty_id: id }).delete();
      await db('specialties').where({ id }).delete();
    },
  };
}
