/**
 * The directory's two conditions on a profile (issue 57): the member's choice to be listed (off by
 * default), with the consent text they agreed to and when, and when they last withdrew it; and staff's
 * verification of the registration (pending, verified, or declined with the reason mailed to the
 * member), with who decided and when. The index serves the directory's "listed and verified" list.
 */
import type { Knex } from 'knex';

export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('member_profiles', (table) => {
    table.boolean('listed').notNullable().defaultTo(false);
    table.text('listing_consent_text').nullable();
    table.timestamp('listing_consented_at', { useTz: true }).nullable();
    table.timestamp('listing_withdrawn_at', { useTz: true }).nullable();
    table.string('verification', 10).notNullable().defaultTo('pending');
    table.string('verification_reason', 500).notNullable().defaultTo('');
    table.timestamp('verification_decided_at', { useTz: true }).nullable();
    table.integer('verification_decided_by').nullable().references('id').inTable('users').onDelete('SET NULL');
    table.index(['listed', 'verification'], 'member_profiles_listing_index');
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('member_profiles', (table) => {
    table.dropIndex(['listed', 'verification'], 'member_profiles_listing_index');
    table.dropForeign(['verification_decided_by']);
  });
  await knex.schema.alterTable('member_profiles', (table) => {
    for (const column of [
      'listed',
      'listing_consent_text',
      'listing_consented_at',
      'listing_withdrawn_at',
      'verification',
      'verification_reason',
      'verification_decided_at',
      'verification_decided_by',
    ]) {
      table.dropColumn(column);
    }
  });
}
