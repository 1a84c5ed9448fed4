/**
 * Exactly-once writes (issue 18): one row per caller and Idempotency-Key, inserted as a claim before
 * the write runs and filled in with the answer once it is known (middleware/idempotency.ts). The
 * primary key is what decides between two instances receiving the same key at once: only one insert
 * of the pair succeeds. `user_id` 0 is the caller without a sign-in; deliberately no foreign key
 * (0 names no account, and rows live 24 hours at most). Schema builder only: SQLite and PostgreSQL.
 */
import type { Knex } from 'knex';

export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('idempotency_keys', (table) => {
    table.integer('user_id').notNullable();
    table.string('key', 255).notNullable();
    // HMAC-SHA-256 (hex) of method, path and body: a reuse of the key for another request is refused.
    table.string('request_hash', 64).notNullable();
    // Random per claim: only the request that holds the claim fills it in or releases it.
    table.string('claim', 32).notNullable();
    // Epoch milliseconds of the claim: compared as plain numbers on both engines.
    table.bigInteger('created_at').notNullable();
    // Null while the first request still runs; then the answer a repeat is given.
    table.integer('status').nullable();
    table.text('body').nullable();
    // JSON text: the answer's headers worth replaying (its ETag).
    table.text('headers').nullable();
    table.primary(['user_id', 'key']);
    table.index(['created_at'], 'idempotency_keys_created_index');
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTableIfExists('idempotency_keys');
}
