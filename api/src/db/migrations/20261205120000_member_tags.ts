/**
 * Tags on members (issue 57): a list staff keep (`tags`, the name unique in any case through
 * `name_key`, its lower-cased form) and the members each is on (`member_tags`, gone with the account
 * or the tag). The (tag, member) index serves the members list's filter and an announcement's segment.
 * `announcements.segment` narrows the audience "members" (JSON: tag, country, specialty; null: every
 * member), kept with the announcement so the send recomputes the same recipients.
 */
import type { Knex } from 'knex';

export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('tags', (table) => {
    table.increments('id').primary();
    table.integer('revision').notNullable().defaultTo(1);
    table.string('name', 60).notNullable();
    table.string('name_key', 60).notNullable().unique({ indexName: 'tags_name_key_unique' });
    table.timestamp('created_at', { useTz: true }).notNullable();
    table.timestamp('updated_at', { useTz: true }).notNullable();
  });

  await knex.schema.createTable('member_tags', (table) => {
    table.integer('user_id').notNullable().references('id').inTable('users').onDelete('CASCADE');
    table.integer('tag_id').notNullable().references('id').inTable('tags').onDelete('CASCADE');
    table.primary(['user_id', 'tag_id']);
    table.index(['tag_id', 'user_id'], 'member_tags_tag_index');
  });

  await knex.schema.alterTable('announcements', (table) => {
    table.text('segment').nullable();
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('announcements', (table) => {
    table.dropColumn('segment');
  });
  await knex.schema.dropTableIfExists('member_tags');
  await knex.schema.dropTableIfExists('tags');
}
