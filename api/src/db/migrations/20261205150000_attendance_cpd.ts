/**
 * Attendance, CPD hours and certificates (issue 58).
 *  - `activities.cpd_tenths`: the CPD hours an activity gives, in tenths of an hour (an integer on
 *    both engines, so 1.5 h is 15 and never a rounded float); null gives none.
 *  - `activity_registrations.attended_at`: when staff marked the person attended (null: not yet);
 *    `check_in_code`: the short code shown to the registrant, which staff type to mark them; unique
 *    per activity (rows without one, older or seeded in bulk, are null, which never collide).
 *  - `activity_certificates`: one per registration (the unique key makes issuing once a database
 *    claim across instances). It keeps what the certificate says as issued (name, title, date,
 *    hours), so a later edit of the activity does not change a certificate already handed out, and
 *    the verification code itself: downloading again gives the same code. The code carries nothing
 *    but what the certificate shows, so keeping it (not a hash) costs nothing a hash would protect.
 *    It goes with the registration (ON DELETE CASCADE) and is deleted on erasure (members/erasure.ts).
 */
import { randomInt } from 'node:crypto';
import type { Knex } from 'knex';

/** As api/src/modules/activities/check-in.ts draws them (kept here: a migration never changes). */
const CHECK_IN_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
const code = () => Array.from({ length: 6 }, () => CHECK_IN_ALPHABET[randomInt(CHECK_IN_ALPHABET.length)]).join('');

export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('activities', (table) => {
    table.integer('cpd_tenths').nullable();
  });
  await knex.schema.alterTable('activity_registrations', (table) => {
    table.timestamp('attended_at', { useTz: true }).nullable();
    table.string('check_in_code', 12).nullable();
    table.unique(['activity_id', 'check_in_code'], { indexName: 'activity_registrations_check_in_unique' });
  });
  // Registrations made before this migration get their code now; per activity, drawn until unique.
  const rows: { id: number; activity_id: number }[] = await knex('activity_registrations').select('id', 'activity_id');
  const taken = new Set<string>();
  for (const row of rows) {
    let next = code();
    while (taken.has(`${row.activity_id}:${next}`)) next = code();
    taken.add(`${row.activity_id}:${next}`);
    await knex('activity_registrations').where({ id: row.id }).update({ check_in_code: next });
  }

  await knex.schema.createTable('activity_certificates', (table) => {
    table.increments('id').primary();
    table
      .integer('registration_id')
      .notNullable()
      .references('id')
      .inTable('activity_registrations')
      .onDelete('CASCADE');
    table.integer('user_id').notNullable().references('id').inTable('users').onDelete('CASCADE');
    table.string('code', 32).notNullable();
    table.string('member_name', 200).notNullable();
    table.string('activity_title', 200).notNullable();
    table.timestamp('activity_date', { useTz: true }).notNullable();
    table.integer('cpd_tenths').notNullable();
    table.timestamp('issued_at', { useTz: true }).notNullable();
    table.unique(['code'], { indexName: 'activity_certificates_code_unique' });
    table.unique(['registration_id'], { indexName: 'activity_certificates_registration_unique' });
    table.index(['user_id'], 'activity_certificates_user_index');
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('activity_certificates');
  await knex.schema.alterTable('activity_registrations', (table) => {
    table.dropUnique(['activity_id', 'check_in_code'], 'activity_registrations_check_in_unique');
  });
  await knex.schema.alterTable('activity_registrations', (table) => {
    table.dropColumn('attended_at');
    table.dropColumn('check_in_code');
  });
  await knex.schema.alterTable('activities', (table) => {
    table.dropColumn('cpd_tenths');
  });
}
