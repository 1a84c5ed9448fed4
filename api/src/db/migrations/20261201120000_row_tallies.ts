/**
 * Row counts the database keeps itself (db/tallies.ts reads them): how many accounts there are of each
 * role, active or not, erased or not, and how many contact messages in each state. The unfiltered
 * lists (members, the inbox), the console's unread count and the accounts' stats read their totals
 * here instead of counting 100,000 index entries a request (about 6 ms on PostgreSQL, p95 over the
 * 20 ms budget of issue 22 on a busy machine). Triggers keep them, so every writer (another
 * instance, a script, psql) keeps them right.
 *
 * - PostgreSQL: a statement's changes are added as new rows, one per key it changed (statement-level
 *   triggers over transition tables), never as an update of a shared row. A counter row updated in
 *   place would stay locked until the writer commits: a 50,000-row member import would hold every
 *   sign-up for its whole transaction. The rows are summed on reading, and folded into one row per
 *   key once there are many (tallies.ts).
 * - SQLite has one writer at a time: the triggers keep one row per key up to date.
 *
 * As in 20261123150000, a later migration that copies `users` or `contact_messages` on SQLite must
 * create these triggers again.
 */
import type { Knex } from 'knex';

const isPostgres = (knex: Knex) => (knex.client as Knex.Client).config.client === 'pg';

/** A counted table and its key for a row (`row` names the row: new, old or a table alias). */
interface TalliedTable {
  table: string;
  key: (row: string) => string;
}

/** Exported for the test that checks tallies against counts; tallies.ts builds the same keys. */
export const TALLIED: TalliedTable[] = [
  {
    table: 'users',
    key: (row) =>
      `${row}.role || ':' || (case when ${row}.is_active then '1' else '0' end) || ':' ||` +
      ` (case when ${row}.erased_at is null then '0' else '1' end)`,
  },
  { table: 'contact_messages', key: (row) => `${row}.state` },
];

function postgresTriggers({ table, key }: TalliedTable): string[] {
  const added = (rows: string, sign: '' | '-') =>
    `select '${table}', ${key(rows)}, ${sign}count(*) from ${rows} group by 2`;
  return [
    `create function ${table}_tally() returns trigger language plpgsql as $$
     begin
       if tg_op = 'INSERT' then
         insert into row_tallies (source, key, n) ${added('new_rows', '')};
       elsif tg_op = 'DELETE' then
         insert into row_tallies (source, key, n) ${added('old_rows', '-')};
       else
         -- Most updates change no key (a sign-in's time): they add nothing.
         insert into row_tallies (source, key, n)
           select '${table}', key, sum(n) from (
             select ${key('new_rows')} as key, 1 as n from new_rows
             union all select ${key('old_rows')}, -1 from old_rows
           ) changed group by key having sum(n) <> 0;
       end if;
       return null;
     end $$`,
    `create trigger ${table}_tally_insert after insert on ${table}
       referencing new table as new_rows for each statement execute function ${table}_tally()`,
    `create trigger ${table}_tally_delete after delete on ${table}
       referencing old table as old_rows for each statement execute function ${table}_tally()`,
    // PostgreSQL allows no column list with transition tables: every update runs it, and most add nothing.
    `create trigger ${table}_tally_update after update on ${table}
       referencing old table as old_rows new table as new_rows for each statement execute function ${table}_tally()`,
  ];
}

function sqliteTriggers({ table, key }: TalliedTable): string[] {
  const counted = (row: string, change: string) => `
    insert into row_tallies (source, key, n) select '${table}', ${key(row)}, 0
      where not exists (select 1 from row_tallies where source = '${table}' and key = ${key(row)});
    update row_tallies set n = n ${change} where source = '${table}' and key = ${key(row)};`;
  return [
    `create trigger ${table}_tally_insert after insert on ${table} begin ${counted('new', '+ 1')} end`,
    `create trigger ${table}_tally_delete after delete on ${table} begin ${counted('old', '- 1')} end`,
    `create trigger ${table}_tally_update after update on ${table} when ${key('old')} <> ${key('new')}
       begin ${counted('new', '+ 1')} ${counted('old', '- 1')} end`,
  ];
}

export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('row_tallies', (table) => {
    table.bigIncrements('id');
    table.string('source', 32).notNullable();
    table.string('key', 64).notNullable();
    table.bigInteger('n').notNullable();
    table.index(['source', 'key']);
  });
  for (const tallied of TALLIED) {
    await knex.raw(
      `insert into row_tallies (source, key, n)
       select '${tallied.table}', key, count(*) from (select ${tallied.key('counted')} as key from ${tallied.table} counted) keys
       group by key`,
    );
    const triggers = isPostgres(knex) ? postgresTriggers(tallied) : sqliteTriggers(tallied);
    for (const statement of triggers) await knex.raw(statement);
  }
}

export async function down(knex: Knex): Promise<void> {
  for (const { table } of TALLIED) {
    for (const change of ['insert', 'delete', 'update']) {
      await knex.raw(`drop trigger if exists ${table}_tally_${change}${isPostgres(knex) ? ` on ${table}` : ''}`);
    }
    if (isPostgres(knex)) await knex.raw(`drop function if exists ${table}_tally()`);
  }
  await knex.schema.dropTableIfExists('row_tallies');
}
