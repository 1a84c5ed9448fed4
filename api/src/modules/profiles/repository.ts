/** Profiles, their photos and the specialties list (migrations 20261204120000, 20261205110000). */
import type { PhotoSize, Specialty } from '@npo/shared';
import { isPostgres, type Db } from '../../db/connection.js';
import type { MemberPhotoRow, MemberProfileRow } from '../../db/tables.js';
import type { ProcessedPhoto } from './photo-image.js';

export function createProfilesRepository(db: Db) {
  return {
    specialties: (): Promise<Specialty[]> => db('specialties').select('id', 'name').orderBy('name').orderBy('id'),

    /** The ids of `ids` that the list holds. */
    async knownSpecialties(ids: readonly number[]): Promise<Set<number>> {
      if (ids.length === 0) return new Set();
      const rows: { id: number }[] = await db('specialties')
        .whereIn('id', [...ids])
        .select('id');
      return new Set(rows.map((row) => row.id));
    },

    /** Locked on PostgreSQL with `lock`, so the If-Match check and the write see the same row. */
    find(userId: number, options: { lock?: boolean } = {}): Promise<MemberProfileRow | undefined> {
      const query = db('member_profiles').where({ user_id: userId }).first();
      return options.lock && isPostgres(db) ? query.forUpdate() : query;
    },

    specialtiesOf: (userId: number): Promise<Specialty[]> =>
      db('member_specialties')
        .join('specialties', 'specialties.id', 'member_specialties.specialty_id')
        .where('member_specialties.user_id', userId)
        .select('specialties.id', 'specialties.name')
        .orderBy('specialties.name')
        .orderBy('specialties.id'),

    /** A first row: the columns not given take their defaults (empty, not listed, pending). */
    async insert(
      row: Partial<MemberProfileRow> & Pick<MemberProfileRow, 'user_id' | 'revision' | 'updated_at'>,
    ): Promise<MemberProfileRow> {
      const [written] = await db('member_profiles').insert(row).returning('*');
      return written as MemberProfileRow;
    },

    async update(userId: number, values: Partial<MemberProfileRow>): Promise<MemberProfileRow> {
      const [written] = await db('member_profiles')
        .where({ user_id: userId })
        .update({ ...values, revision: db.raw('revision + 1') })
        .returning('*');
      return written as MemberProfileRow;
    },

    /** The hash of the member's photo, or undefined without one. */
    async photoHash(userId: number): Promise<string | undefined> {
      const row: { hash: string } | undefined = await db('member_photos').where({ user_id: userId }).first('hash');
      return row?.hash;
    },

    /** Replaces the member's photo (one row per member). */
    async setPhoto(userId: number, photo: ProcessedPhoto, now: Date): Promise<void> {
      await db('member_photos').where({ user_id: userId }).delete();
      await db('member_photos').insert({
        user_id: userId,
        hash: photo.hash,
        image_96: photo.images[96],
        image_256: photo.images[256],
        image_512: photo.images[512],
        created_at: now,
      });
    },

    removePhoto: (userId: number): Promise<number> => db('member_photos').where({ user_id: userId }).delete(),

    /** One size of the photo named `hash` (any member's: the same content is the same image). */
    async photoImage(hash: string, size: PhotoSize): Promise<Buffer | undefined> {
      const column = `image_${size}` as const;
      const row: Pick<MemberPhotoRow, typeof column> | undefined = await db('member_photos')
        .where({ hash })
        .first(column);
      return row?.[column];
    },

    async setSpecialties(userId: number, ids: readonly number[]): Promise<void> {
      await db('member_specialties').where({ user_id: userId }).delete();
      if (ids.length) await db('member_specialties').insert(ids.map((id) => ({ user_id: userId, specialty_id: id })));
    },
  };
}
