/**
 * Profile photos and the specialties as staff keep them (issue 57).
 *
 * `member_photos`: one row per member with a photo, its three sizes as WebP bytes in the database
 * itself (binary: a BLOB on SQLite, bytea on PostgreSQL), so a backup of the database (the SQLite
 * file's copy, pg_dump) holds them and a restore brings them back with the profiles that show them.
 * They are small (a few to some tens of kilobytes each). `hash` names the photo's content: it is the
 * served path (/api/photos/<hash>/<size>), indexed, not unique (two members may upload the same file).
 *
 * `specialties` gains what an edited item has: a revision for If-Match, when it last changed, and the
 * key its names are unique by (trimmed, in lower case), so "sports nutrition" cannot stand beside
 * "Sports nutrition" whatever the engine's collation; the unique index makes that a database claim.
 */
import type { Knex } from 'knex';

export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('member_photos', (table) => {
    table.integer('user_id').primary().references('id').inTable('users').onDelete('CASCADE');
    table.string('hash', 32).notNullable().index('member_photos_hash_index');
    table.binary('image_96').notNullable();
    table.binary('image_256').notNullable();
    table.binary('image_512').notNullable();
    table.timestamp('created_at', { useTz: true }).notNullable();
  });

  await knex.schema.alterTable('specialties', (table) => {
    table.integer('revision').notNullable().defaultTo(1);
    table.timestamp('updated_at', { useTz: true }).nullable();
    table.string('name_key', 80).nullable();
  });
  const rows: { id: number; name: string; created_at: Date }[] = await knex('specialties').select(
    'id',
    'name',
    'created_at',
  );
  for (const row of rows) {
    await knex('specialties')
      .where({ id: row.id })
      .update({ name_key: row.name.trim().toLowerCase(), updated_at: row.created_at });
  }
  await knex.schema.alterTable('specialties', (table) => {
    table.unique(['name_key'], { indexName: 'specialties_name_key_unique' });
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('specialties', (table) => {
    table.dropUnique(['name_key'], 'specialties_name_key_unique');
  });
  await knex.schema.alterTable('specialties', (table) => {
    table.dropColumn('name_key');
    table.dropColumn('updated_at');
    table.dropColumn('revision');
  });
  await knex.schema.dropTableIfExists('member_photos');
}
