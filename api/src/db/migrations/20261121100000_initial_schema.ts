/** Every entity of SPEC 3. Schema builder only: the same file runs on SQLite and PostgreSQL. */
import type { Knex } from 'knex';

const VERSIONED_TABLES = [
  'about_us_versions',
  'contact_info_versions',
  'privacy_policy_versions',
  'terms_of_service_versions',
] as const;

function timestamps(table: Knex.CreateTableBuilder): void {
  table.timestamp('created_at', { useTz: true }).notNullable();
  table.timestamp('updated_at', { useTz: true }).notNullable();
}

/** Version number, active flag, and a partial unique index that allows one active row only. */
function versioned(knex: Knex, table: Knex.CreateTableBuilder, name: string): void {
  table.increments('id').primary();
  table
    .integer('version')
    .notNullable()
    .unique({ indexName: `${name}_version_unique` });
  table.boolean('is_active').notNullable().defaultTo(false);
  table.unique(['is_active'], {
    indexName: `${name}_one_active`,
    predicate: knex.whereRaw('is_active = true'),
  });
}

export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('users', (table) => {
    table.increments('id').primary();
    table.string('name', 100).notNullable();
    // Stored lower-cased: the unique index makes e-mails unique case-insensitively.
    table.string('email', 254).notNullable().unique({ indexName: 'users_email_unique' });
    table.string('password_hash', 100).nullable();
    table.string('role', 20).notNullable().defaultTo('member');
    table.text('permissions').notNullable().defaultTo('{}');
    table.integer('token_version').notNullable().defaultTo(0);
    table.boolean('is_active').notNullable().defaultTo(true);
    table.timestamp('last_login_at', { useTz: true }).nullable();
    timestamps(table);
    table.index(['role'], 'users_role_index');
    table.index(['created_at'], 'users_created_at_index');
  });

  await knex.schema.createTable('auth_tokens', (table) => {
    table.increments('id').primary();
    table.integer('user_id').notNullable().references('id').inTable('users').onDelete('CASCADE');
    table.string('purpose', 20).notNullable();
    table.string('token_hash', 64).notNullable().unique({ indexName: 'auth_tokens_hash_unique' });
    table.timestamp('expires_at', { useTz: true }).notNullable();
    table.timestamp('used_at', { useTz: true }).nullable();
    table.timestamp('created_at', { useTz: true }).notNullable();
    table.index(['user_id', 'purpose'], 'auth_tokens_user_purpose_index');
  });

  await knex.schema.createTable('login_failures', (table) => {
    table.increments('id').primary();
    table.string('email', 254).notNullable();
    table.timestamp('created_at', { useTz: true }).notNullable();
    table.index(['email', 'created_at'], 'login_failures_email_index');
  });

  await knex.schema.createTable('membership_cards', (table) => {
    table.increments('id').primary();
    table.string('type', 50).notNullable();
    table.string('title', 200).notNullable();
    table.text('subtitle').notNullable();
    table.text('points').notNullable();
    table.boolean('is_active').notNullable().defaultTo(true);
    timestamps(table);
  });

  await knex.schema.createTable('about_us_versions', (table) => {
    versioned(knex, table, 'about_us_versions');
    table.text('description').notNullable();
    table.text('aims').notNullable();
    table.text('objectives').notNullable();
    timestamps(table);
  });

  await knex.schema.createTable('contact_info_versions', (table) => {
    versioned(knex, table, 'contact_info_versions');
    table.string('email', 254).notNullable();
    table.string('phone', 30).notNullable();
    table.string('instagram', 100).notNullable();
    table.text('social_links').notNullable();
    timestamps(table);
  });

  for (const name of ['privacy_policy_versions', 'terms_of_service_versions'] as const) {
    await knex.schema.createTable(name, (table) => {
      versioned(knex, table, name);
      table.string('title', 200).notNullable();
      table.text('content').notNullable();
      table.timestamp('effective_date', { useTz: true }).nullable();
      timestamps(table);
    });
  }

  await knex.schema.createTable('activities', (table) => {
    table.increments('id').primary();
    table.string('title', 200).notNullable();
    table.text('description').notNullable();
    table.timestamp('date', { useTz: true }).notNullable();
    table.string('location', 200).notNullable();
    table.string('status', 20).notNullable().defaultTo('upcoming');
    table.text('tags').notNullable();
    table.integer('capacity').nullable();
    timestamps(table);
    table.index(['status', 'date'], 'activities_status_date_index');
  });

  await knex.schema.createTable('activity_registrations', (table) => {
    table.increments('id').primary();
    table.integer('activity_id').notNullable().references('id').inTable('activities').onDelete('CASCADE');
    table.integer('user_id').notNullable().references('id').inTable('users').onDelete('CASCADE');
    table.timestamp('created_at', { useTz: true }).notNullable();
    table.unique(['activity_id', 'user_id'], { indexName: 'activity_registrations_once' });
  });

  await knex.schema.createTable('testimonials', (table) => {
    table.increments('id').primary();
    table.string('name', 100).notNullable();
    table.string('role', 150).notNullable();
    table.text('quote').notNullable();
    table.boolean('is_featured').notNullable().defaultTo(false);
    table.boolean('is_active').notNullable().defaultTo(true);
    timestamps(table);
  });

  await knex.schema.createTable('faqs', (table) => {
    table.increments('id').primary();
    table.text('question').notNullable();
    table.text('answer').notNullable();
    table.string('category', 100).nullable();
    table.boolean('is_active').notNullable().defaultTo(true);
    table.integer('sort_order').notNullable().defaultTo(0);
    timestamps(table);
  });

  await knex.schema.createTable('contact_messages', (table) => {
    table.increments('id').primary();
    table.string('name', 100).notNullable();
    table.string('email', 254).notNullable();
    table.string('phone', 30).notNullable();
    table.text('message').notNullable();
    table.boolean('is_read').notNullable().defaultTo(false);
    table.timestamp('created_at', { useTz: true }).notNullable();
    table.index(['email', 'created_at'], 'contact_messages_email_index');
  });
}

export async function down(knex: Knex): Promise<void> {
  for (const name of [
    'contact_messages',
    'faqs',
    'testimonials',
    'activity_registrations',
    'activities',
    ...VERSIONED_TABLES,
    'membership_cards',
    'login_failures',
    'auth_tokens',
    'users',
  ]) {
    await knex.schema.dropTableIfExists(name);
  }
}
