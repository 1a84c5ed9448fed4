/**
 * The query plans of the admin lists, searches and dashboard: each case calls the real repository
 * or service, the SQL it sends is captured from knex's `query` event, and each statement is
 * explained (EXPLAIN QUERY PLAN on SQLite, EXPLAIN (FORMAT JSON) on PostgreSQL). The test
 * db/query-plans.test.ts asserts the indexes used; scripts/bench/large-data.mjs prints the plans.
 */
import { DIRECTORY_PAGE_SIZE, fullPermissions } from '@npo/shared';
import type { Knex } from 'knex';
import type { AppDeps } from '../deps.js';
import { isPostgres, type Db } from '../db/connection.js';
import type { OrderBy } from '../db/table.js';
import { createActivitiesRepository } from '../modules/activities/repository.js';
import { createContactMessagesRepository } from '../modules/contact-messages/repository.js';
import { createDashboardService } from '../modules/dashboard/service.js';
import { createDirectoryService } from '../modules/directory/service.js';
import { createFaqsRepository } from '../modules/faqs/repository.js';
import { createUsersRepository } from '../modules/users/repository.js';

export interface PlanCase {
  name: string;
  run: (db: Db) => Promise<unknown>;
  /** Indexes the plans must use (any of the case's statements). */
  uses: string[];
}

export interface ExplainedQuery {
  sql: string;
  /** One line per plan step, e.g. "SEARCH users USING COVERING INDEX users_role_name_index (role=?)". */
  plan: string[];
}

/** Tables too big to read whole for one list page: a plan reading every row of one fails the test. */
export const LARGE_TABLES = ['users', 'contact_messages', 'activity_registrations', 'member_profiles'] as const;

const NEWEST_FIRST: OrderBy = [
  { column: 'date', order: 'desc' },
  { column: 'id', order: 'desc' },
];

const byPage = (page: number) => ({ page, limit: 50 });

/** The cases, on data seeded by large-data.ts; `deepPage` is a page far into the members. */
export function planCases(engine: 'sqlite' | 'postgres', now: Date, deepPage = 1_000): PlanCase[] {
  const search = engine === 'postgres' ? ['users_name_trigram_index', 'users_email_trigram_index'] : ['users_search'];
  // From the index alone: it holds the folded name and the e-mail the search compares (migration 20261123170000).
  const indexOnly = (index: string) =>
    engine === 'postgres' ? `Index Only Scan using ${index}` : `COVERING INDEX ${index}`;
  // The dashboard service reads nothing but the database and the clock.
  // The directory reads the clock and the organisation's zone too: a lapsed membership is not listed.
  const directory = (db: Db) =>
    createDirectoryService({
      db,
      clock: { now: () => now },
      config: { organisationTimeZone: 'UTC', renewalReminderDays: [30, 7] },
    } as Pick<AppDeps, 'db' | 'clock'> as AppDeps);
  const dashboard = (db: Db) =>
    createDashboardService({ db, clock: { now: () => now } } as Pick<AppDeps, 'db' | 'clock'> as AppDeps);
  return [
    { name: 'admins', run: (db) => createUsersRepository(db).page(byPage(1), {}), uses: ['users_role_name_index'] },
    {
      name: 'members, deep page',
      run: (db) => createUsersRepository(db).page(byPage(deepPage), { role: 'member' }),
      uses: ['users_role_name_index'],
    },
    {
      name: 'members search',
      // A search matching about 1 % of the members (the e-mails member12…), as a name or address would.
      run: (db) => createUsersRepository(db).page(byPage(1), { role: 'member', search: 'member12' }),
      uses: search,
    },
    {
      name: 'members search of two characters',
      // Below the trigram indexes' reach: the list's index is walked in list order until the count's cap.
      run: (db) => createUsersRepository(db).page(byPage(1), { role: 'member', search: 'jo' }),
      uses: [indexOnly('users_role_name_index')],
    },
    {
      name: 'users stats',
      // The counts the database keeps (migration 20261201120000), not the accounts.
      run: (db) => createUsersRepository(db).countByRoleAndStatus(),
      uses: ['row_tallies'],
    },
    {
      name: 'activities, deep page',
      run: (db) => createActivitiesRepository(db).page(byPage(Math.ceil(deepPage / 10)), undefined, NEWEST_FIRST),
      // The counts beside each row: either engine may pick any of the registrations' (activity_id, …) indexes.
      uses: [
        'activities_date_index',
        engine === 'postgres' ? 'Scan using activity_registrations_' : 'INDEX activity_registrations_',
      ],
    },
    {
      name: 'activities in the console order, deep page',
      // The next upcoming first, then the most recent past (migration 20261201130000): no sort of them all.
      run: (db) => {
        const activities = createActivitiesRepository(db);
        return activities.page(byPage(Math.ceil(deepPage / 20)), undefined, activities.nextUpcomingFirst());
      },
      uses: ['activities_console_order_index'],
    },
    {
      name: 'past activities, deep page',
      // The console's order for one status (issue 19): read from the index in list order, no sort.
      run: (db) => {
        const activities = createActivitiesRepository(db);
        return activities.page(byPage(Math.ceil(deepPage / 20)), 'past', activities.nextUpcomingFirst('past'));
      },
      uses: ['activities_status_date_index'],
    },
    {
      name: 'contact messages, deep page',
      run: (db) => {
        const messages = createContactMessagesRepository(db);
        return Promise.all([messages.page(byPage(Math.ceil(deepPage / 2))), messages.countUnread()]);
      },
      // The total and the unread count are the counts the database keeps (migration 20261201120000).
      uses: ['contact_messages_inbox_index', 'row_tallies'],
    },
    {
      name: 'contact messages by sender name',
      run: (db) => createContactMessagesRepository(db).page(byPage(1), 'active', undefined, { sort: 'name' }),
      uses: ['contact_messages_name_index'],
    },
    {
      name: 'archived contact messages',
      run: (db) => createContactMessagesRepository(db).page(byPage(1), 'archived'),
      uses: ['contact_messages_state_index'],
    },
    {
      name: 'contact messages search',
      // A rare text (the messages numbered 1230-1239 …): the trigram index finds them.
      run: (db) => createContactMessagesRepository(db).page(byPage(1), 'active', '(123'),
      uses: [engine === 'postgres' ? 'contact_messages_search_index' : 'contact_messages_search'],
    },
    {
      name: 'contact messages search of a common text',
      // In every message: the inbox is walked in list order until SEARCH_COUNT matches.
      run: (db) => createContactMessagesRepository(db).page(byPage(1), 'active', 'hello'),
      uses: ['contact_messages_inbox_index'],
    },
    {
      name: 'contact messages search of two characters',
      run: (db) => createContactMessagesRepository(db).page(byPage(1), 'active', 'lo'),
      uses: ['contact_messages_inbox_index'],
    },
    {
      name: 'directory, first page',
      // The public directory (issue 57): the page's ids walk the listed profiles' index in the page's
      // order and stop at its end; the total counts the narrowest index; no account is looked up but
      // the page's own (migration 20261206100000).
      run: (db) => directory(db).list({ page: 1, limit: DIRECTORY_PAGE_SIZE }),
      uses: ['member_profiles_directory_order_index', 'member_profiles_directory_count_index'],
    },
    {
      name: 'directory, filtered search',
      // One country and a part of the name or city, as a visitor narrows the directory down: the
      // country's profiles in order, the folded texts compared from the index.
      run: (db) => directory(db).list({ page: 1, limit: DIRECTORY_PAGE_SIZE, country: 'PT', q: 'lisb' }),
      uses: ['member_profiles_directory_country_index'],
    },
    {
      name: 'directory, search of a name',
      // The folded name and city as the profile stores them: walked in order from the index (SQLite),
      // found through their trigram indexes (PostgreSQL), never folded again.
      run: (db) => directory(db).list({ page: 1, limit: DIRECTORY_PAGE_SIZE, q: 'müller' }),
      uses:
        engine === 'postgres'
          ? ['member_profiles_directory_order_index', 'member_profiles_name_trigram_index']
          : ['member_profiles_directory_order_index'],
    },
    {
      name: 'directory, language and specialty',
      // The specialty's members through its index; on PostgreSQL the language's profiles through theirs.
      run: (db) => directory(db).list({ page: 1, limit: DIRECTORY_PAGE_SIZE, language: 'hi', specialty: 1 }),
      uses:
        engine === 'postgres'
          ? ['member_specialties_specialty_index', 'member_profiles_languages_trigram_index']
          : ['member_specialties_specialty_index'],
    },
    {
      name: 'faqs',
      run: (db) => createFaqsRepository(db).page({ page: 1, limit: 100 }),
      uses: ['faqs_sort_order_index'],
    },
    {
      name: 'dashboard',
      // An admin holding every permission: every part but the super admin's backup card, which reads files.
      run: (db) => dashboard(db).load({ role: 'admin', permissions: fullPermissions() }),
      uses: ['users_created_at_index', 'activities_status_date_index'],
    },
  ];
}

/** The statements `run` sends, with their bindings, in the order knex sends them. */
export async function capturedQueries(db: Db, run: (db: Db) => Promise<unknown>): Promise<Knex.Sql[]> {
  const queries: Knex.Sql[] = [];
  const listener = (query: Knex.Sql) => queries.push(query);
  db.on('query', listener);
  try {
    await run(db);
  } finally {
    db.off('query', listener);
  }
  return queries;
}

interface PostgresPlanNode {
  'Node Type': string;
  'Relation Name'?: string;
  'Index Name'?: string;
  Plans?: PostgresPlanNode[];
}

/** "Index Only Scan using users_role_name_index on users", then the node's children, indented. */
function postgresLines(node: PostgresPlanNode, depth = 0): string[] {
  const index = node['Index Name'] ? ` using ${node['Index Name']}` : '';
  const relation = node['Relation Name'] ? ` on ${node['Relation Name']}` : '';
  const line = `${'  '.repeat(depth)}${node['Node Type']}${index}${relation}`;
  return [line, ...(node.Plans ?? []).flatMap((child) => postgresLines(child, depth + 1))];
}

/**
 * The plan of one captured statement. `forceIndexes` (PostgreSQL) turns sequential scans off for
 * the statement: on the test's small tables a scan is cheapest, yet the plan should show the index
 * the large tables get.
 */
export async function explain(db: Db, query: Knex.Sql, { forceIndexes = false } = {}): Promise<string[]> {
  // knex numbers PostgreSQL's placeholders in order ($1, $2 …); raw() takes them as ?.
  const sql = query.sql.replace(/\$\d+/g, '?');
  const bindings = [...query.bindings];
  if (!isPostgres(db)) {
    const rows: { detail: string }[] = await db.raw(`explain query plan ${sql}`, bindings);
    return rows.map((row) => row.detail);
  }
  return db.transaction(async (trx) => {
    if (forceIndexes) await trx.raw('set local enable_seqscan = off');
    const { rows } = await trx.raw<{ rows: { 'QUERY PLAN': { Plan: PostgresPlanNode }[] }[] }>(
      `explain (format json) ${sql}`,
      bindings,
    );
    return postgresLines(rows[0]!['QUERY PLAN'][0]!.Plan);
  });
}

export async function explainCase(db: Db, planCase: PlanCase, options = {}): Promise<ExplainedQuery[]> {
  const queries = await capturedQueries(db, planCase.run);
  return Promise.all(queries.map(async (query) => ({ sql: query.sql, plan: await explain(db, query, options) })));
}

/**
 * Plan steps that read every row of a large table: SQLite's SCAN of the table, PostgreSQL's Seq Scan.
 * A COVERING INDEX scan reads the index alone, as counting every row has to; an index SCAN in a
 * statement with a LIMIT walks the index in list order and stops at the end of the page.
 */
export function fullTableScans({ sql, plan }: ExplainedQuery): string[] {
  const stopsEarly = /\blimit\b/i.test(sql);
  return plan.filter((line) =>
    LARGE_TABLES.some((table) => {
      const step = line.trim();
      const indexWalk = step.startsWith(`SCAN ${table} USING INDEX `);
      return step === `SCAN ${table}` || step === `Seq Scan on ${table}` || (indexWalk && !stopsEarly);
    }),
  );
}
