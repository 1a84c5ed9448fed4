// A PostgreSQL database made for one bench run and dropped after it. BENCH_DATABASE_URL names the
// server (its own database is only used to create and drop the scratch one).
import { randomBytes } from 'node:crypto';
import knex from 'knex';

export const postgresServerUrl = () => process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

/** Answers { url, drop() }, or { skipped: reason } when the server cannot be reached. */
export async function scratchPostgres(serverUrl = postgresServerUrl()) {
  const admin = knex({ client: 'pg', connection: serverUrl, pool: { min: 0, max: 1 }, acquireConnectionTimeout: 3000 });
  try {
    const name = `npo_bench_${randomBytes(4).toString('hex')}`;
    await admin.raw(`create database ${name}`);
    const url = new URL(serverUrl);
    url.pathname = `/${name}`;
    return {
      url: url.toString(),
      drop: () => admin.raw(`drop database if exists ${name} with (force)`).finally(() => admin.destroy()),
    };
  } catch (error) {
    await admin.destroy();
    return { skipped: `PostgreSQL not reachable at ${serverUrl} (${error.message})` };
  }
}
