/**
 * Members' professional profiles (issue 57). `specialties` is the list staff keep, started with the
 * common fields of practice; `member_profiles` holds one row per member who saved a profile (none is
 * the same as every field empty), and `member_specialties` the specialties a profile names. Languages
 * are few ISO 639-1 codes per member, kept comma-separated and wrapped in commas (",en,hi,") so that a
 * filter by one is a LIKE on either engine. Both go with the account (ON DELETE CASCADE) and are deleted
 * on erasure. The country and specialty indexes serve the members list's filters.
 */
import type { Knex } from 'knex';

export const FIRST_SPECIALTIES = [
  'Clinical nutrition',
  'Diabetes care',
  'Eating disorders',
  'Food allergies and intolerances',
  'Gastrointestinal health',
  'Geriatric nutrition',
  'Maternal nutrition',
  'Oncology nutrition',
  'Paediatric nutrition',
  'Plant-based nutrition',
  'Public health nutrition',
  'Renal nutrition',
  'Sports nutrition',
  'Weight management',
];

export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('specialties', (table) => {
    table.increments('id').primary();
    table.string('name', 80).notNullable().unique({ indexName: 'specialties_name_unique' });
    table.timestamp('created_at', { useTz: true }).notNullable();
  });
  const now = new Date();
  await knex('specialties').insert(FIRST_SPECIALTIES.map((name) => ({ name, created_at: now })));

  await knex.schema.createTable('member_profiles', (table) => {
    table.integer('user_id').primary().references('id').inTable('users').onDelete('CASCADE');
    table.integer('revision').notNullable();
    table.string('title', 100).notNullable().defaultTo('');
    table.string('country', 2).notNullable().defaultTo('');
    table.string('city', 100).notNullable().defaultTo('');
    table.string('languages', 200).notNullable().defaultTo('');
    table.string('practice_setting', 30).notNullable().defaultTo('');
    table.string('registration_body', 150).notNullable().defaultTo('');
    table.string('registration_number', 60).notNullable().defaultTo('');
    table.text('bio').notNullable().defaultTo('');
    table.string('website', 300).notNullable().defaultTo('');
    table.timestamp('updated_at', { useTz: true }).notNullable();
    table.index(['country'], 'member_profiles_country_index');
  });

  await knex.schema.createTable('member_specialties', (table) => {
    table.integer('user_id').notNullable().references('id').inTable('users').onDelete('CASCADE');
    table.integer('specialty_id').notNullable().references('id').inTable('specialties').onDelete('CASCADE');
    table.primary(['user_id', 'specialty_id']);
    table.index(['specialty_id', 'user_id'], 'member_specialties_specialty_index');
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTableIfExists('member_specialties');
  await knex.schema.dropTableIfExists('member_profiles');
  await knex.schema.dropTableIfExists('specialties');
}
