/**
 * The console's activities list, unsorted, shows the next upcoming first, then the most recent past
 * (activities/repository.ts nextUpcomingFirst). Its order is SQL over the columns, which no index held:
 * every page sorted all the activities (10,000 on the large data: the deep page p50 21 ms on
 * PostgreSQL, over the 20 ms budget). This index holds the very expressions, so a page walks it in list
 * order and stops; the status and date it reads are in it too, so PostgreSQL answers the ids from
 * the index alone.
 */
import type { Knex } from 'knex';

const isPostgres = (knex: Knex) => (knex.client as Knex.Client).config.client === 'pg';

export async function up(knex: Knex): Promise<void> {
  await knex.raw(
    `create index activities_console_order_index on activities (
       (case when status = 'upcoming' then 0 else 1 end),
       (case when status = 'upcoming' then date end),
       date desc, id desc
     )${isPostgres(knex) ? ' include (status)' : ''}`,
  );
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('drop index if exists activities_console_order_index');
}
