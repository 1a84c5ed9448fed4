import { ADMIN_ROLES, type Permissions, type Role, type User, type USER_SORTS } from '@npo/shared';
import type { Knex } from 'knex';
import { auditedInsert } from '../../db/audited-writes.js';
import { isPostgres, type Db } from '../../db/connection.js';
import { deleteRevised, updateRevised, type ExpectedRevision, type RevisedWrite } from '../../db/revisions.js';
import { jsonText, returnedRow } from '../../db/rows.js';
import { containsPattern, foldedSql, foldText } from '../../db/search.js';
import { orderFor, pageOfMatches, type ListSort, type SortColumn } from '../../db/paging.js';
import { tableRepository, type OrderBy, type Page, type PageResult } from '../../db/table.js';
import { accountCount, accountsByRoleAndActivity } from '../../db/tallies.js';
import { presentUser, type UserCountRow, type UserRow } from './presenter.js';

export interface NewUser {
  name: string;
  email: string;
  passwordHash: string | null;
  role: Role;
  permissions: Permissions | Record<string, never>;
  isActive?: boolean;
  /** A console creation's client id (db/client-ids.ts). */
  clientId?: string | undefined;
}

/** What an admin edits on an account (PUT /api/admin/users/:id). */
export interface AccountChanges {
  name: string;
  email: string;
  role: Role;
  permissions: Permissions;
}

export interface UsersFilter {
  search?: string | undefined;
  /** Without a role, the list holds staff accounts (admin and super_admin). */
  role?: Role | undefined;
}

/** The shortest search the trigram index answers; shorter ones walk users_role_name_index (shortSearchPage). */
const TRIGRAM = 3;

/**
 * How many matches a search shorter than TRIGRAM counts at most (more when the page asked for lies
 * further): its total is exact up to here, and beyond it a lower bound (see shortSearchPage).
 */
export const SHORT_SEARCH_COUNT = 1_000;

/** The list's order, ending with the id so that a page is stable. */
const LIST_ORDER: OrderBy = [
  { column: 'name', order: 'asc' },
  { column: 'id', order: 'asc' },
];

/** The console's sort names and their columns; accounts that never signed in come last. */
function sortColumns(db: Db): Record<(typeof USER_SORTS)[number], SortColumn> {
  return {
    name: 'name',
    email: 'email',
    role: 'role',
    lastLogin: { column: 'last_login_at', isNull: db.raw('(last_login_at is null)') },
  };
}

/** Shorter than a trigram: no index finds it (the members search reuses this and the two below). */
export const isShortSearch = (search: string | undefined): search is string =>
  !!search && [...foldText(search)].length < TRIGRAM;

/**
 * The folded name (db/search.ts) as migration 20261123170000 stores it: PostgreSQL's generated column;
 * on SQLite the expression users_role_name_index holds, whose value SQLite reads from the index.
 */
function foldedName(db: Db): string {
  return isPostgres(db) ? 'name_folded' : foldedSql(db, 'name');
}

/** The names or e-mails holding `search`, in any case and accents: e-mails are stored lower-case. */
export function likeSearch(db: Db, search: string) {
  const pattern = containsPattern(search);
  // A grouping callback: Knex reads what it adds to `match`, not what it returns.
  return (match: Knex.QueryBuilder): void => {
    match.whereRaw(`${foldedName(db)} like ? escape '\\'`, [pattern]).orWhereRaw("email like ? escape '\\'", [pattern]);
  };
}

/**
 * The accounts holding `search`, as the trigram indexes (migration 20261123132000) find them: SQLite's
 * FTS5 table (a quoted phrase takes every character literally, in any case and, since migration
 * 20261123150000, any accents); PostgreSQL's GIN indexes on the very columns likeSearch compares.
 */
export function trigramSearch(db: Db, search: string) {
  if (isPostgres(db)) return likeSearch(db, search);
  const phrase = `"${foldText(search).replaceAll('"', '""')}"`;
  return (match: Knex.QueryBuilder): void => {
    match.whereIn('users.id', db('users_search').select('rowid').whereRaw('users_search match ?', [phrase]));
  };
}

/**
 * The accounts `filter` keeps. A search of three characters or more is a MATERIALIZED CTE `matches`
 * holding the ids and the `sorted` column only: the fewer its columns, the cheaper its 5,000 rows of a
 * common text ("müller") are kept and sorted.
 */
function filterUsers(
  db: Db,
  query: Knex.QueryBuilder,
  { search, role }: UsersFilter,
  sorted = 'name',
): Knex.QueryBuilder {
  const byRole = (accounts: Knex.QueryBuilder) =>
    role ? accounts.where({ role }) : accounts.whereIn('role', [...ADMIN_ROLES]);
  if (!search) return byRole(query);
  if (isShortSearch(search)) return byRole(query).where(likeSearch(db, search));
  // The matches first, then sorted: as a MATERIALIZED CTE the planner cannot walk the name index
  // instead, hoping to meet 50 matches early, when matches such as "Zoë" all sit at its very end.
  const matches = byRole(db('users').select('id', sorted)).where(trigramSearch(db, search));
  return query.withMaterialized('matches', matches).from('matches');
}

/**
 * A page of a search of one or two characters. No index finds such a substring, so one statement walks
 * users_role_name_index in list order, comparing the folded name and the e-mail it holds, and stops at
 * SHORT_SEARCH_COUNT matches (or one past the page, when that lies further). Such short strings are
 * mostly common ("jo" is in 15 % of the accounts): the walk then ends after a few thousand entries,
 * where counting every match would walk the whole role (100,000 members: 15 ms on PostgreSQL, most of
 * the request's budget). The total is exact up to the cap and a lower bound beyond it, one past the
 * page at least, so the pages after it stay reachable. A rare string still walks the whole role, once
 * and from the index alone (100,000 members: about 9 ms on SQLite, 15 ms on PostgreSQL).
 */
async function shortSearchPage(
  db: Db,
  { page, limit }: Page,
  filter: UsersFilter,
  order: OrderBy,
): Promise<PageResult<User>> {
  const counted = Math.max(SHORT_SEARCH_COUNT, page * limit + 1);
  const ids = (await filterUsers(db, db('users'), filter).orderBy(order).limit(counted).pluck('id')) as number[];
  const pageIds = ids.slice((page - 1) * limit, page * limit);
  const rows: UserRow[] = pageIds.length ? await db('users').whereIn('id', pageIds).orderBy(order) : [];
  return { items: rows.map(presentUser), total: ids.length };
}

/** A page of a search of three characters or more, found once for the page and its total (pageOfMatches). */
async function searchPage(
  db: Db,
  page: Page,
  filtered: (query: Knex.QueryBuilder) => Knex.QueryBuilder,
  order: OrderBy,
): Promise<PageResult<User>> {
  const found = await pageOfMatches<UserRow>(db, 'users', db('users').select('users.*'), page, filtered, order);
  return { items: found.rows.map(presentUser), total: found.total };
}

/** The update that revokes every device token of the account (lib/device-tokens.ts, issue 52). */
export const revokedDevices = (db: Db) => ({ device_generation: db.raw('device_generation + 1') });

export function createUsersRepository(db: Db) {
  const users = () => db('users');
  const presented = tableRepository(db, 'users', presentUser, LIST_ORDER);
  /** PostgreSQL row locks; SQLite runs on one connection, so its transactions already take turns. */
  const locked = (query: Knex.QueryBuilder) => (isPostgres(db) ? query.forUpdate() : query);
  /** An admin edit of one account; a 409 shows the account as the console lists it. */
  const adminEdit = (id: number, expected: ExpectedRevision | undefined): RevisedWrite => ({
    db,
    table: 'users',
    id,
    expected,
    current: async () => {
      const row: UserRow | undefined = await users().where({ id }).first();
      return row && presentUser(row);
    },
  });
  // Sign-in, password and token-version writes are not admin edits: they leave the revision alone, so
  // an admin's open form on the account does not go stale when its owner logs in.
  return {
    findById: (id: number): Promise<UserRow | undefined> => users().where({ id }).first(),
    findByEmail: (email: string): Promise<UserRow | undefined> => users().where({ email: email.toLowerCase() }).first(),

    async insert(user: NewUser, now: Date): Promise<UserRow> {
      // An account an admin creates is audited; a member's own sign-up is not an admin write.
      return auditedInsert(db, 'users', async (trx) => {
        const inserted = await trx('users')
          .insert({
            name: user.name,
            email: user.email.toLowerCase(),
            password_hash: user.passwordHash,
            role: user.role,
            permissions: jsonText(user.permissions),
            is_active: user.isActive ?? true,
            token_version: 0,
            client_id: user.clientId ?? null,
            created_at: now,
            updated_at: now,
          })
          .returning('*');
        return returnedRow(inserted);
      });
    },

    /** A new password also bumps the token version, so every token issued before stops working. */
    async setPassword(id: number, passwordHash: string, now: Date): Promise<void> {
      await users()
        .where({ id })
        .update({
          password_hash: passwordHash,
          must_change_password: false,
          updated_at: now,
          token_version: db.raw('token_version + 1'),
          ...revokedDevices(db),
        });
    },

    /**
     * A password set through a link mailed to the account's address (a reset or a welcome link): as
     * setPassword, and whoever completed it holds that mailbox, so the contact messages sent from the
     * address are then the account's own (members/own-data.ts). One write of the row.
     */
    async setPasswordByMailedLink(id: number, passwordHash: string, now: Date): Promise<void> {
      await users()
        .where({ id })
        .update({
          password_hash: passwordHash,
          must_change_password: false,
          updated_at: now,
          token_version: db.raw('token_version + 1'),
          ...revokedDevices(db),
          email_verified_at: now,
        });
    },

    /**
     * A password change while signed in: unlike setPassword the token version stays, so the caller's
     * session lives on; the service ends the account's other sessions in the same transaction.
     */
    async changePassword(id: number, passwordHash: string, now: Date): Promise<void> {
      await users()
        .where({ id })
        .update({ password_hash: passwordHash, must_change_password: false, updated_at: now, ...revokedDevices(db) });
    },

    /** "End other sessions" and the like: the account's device tokens count as unknown from now on. */
    async revokeDevices(id: number): Promise<void> {
      await users().where({ id }).update(revokedDevices(db));
    },

    async recordLogin(id: number, now: Date): Promise<void> {
      await users().where({ id }).update({ last_login_at: now });
    },

    /** A page of the list, in the order `sort` asks for (by name without one). */
    page: (
      page: Page,
      filter: UsersFilter,
      sort: ListSort<(typeof USER_SORTS)[number]> = {},
    ): Promise<PageResult<User>> => {
      const columns = sortColumns(db);
      const order = orderFor(columns, sort, LIST_ORDER);
      const chosen = sort.sort ? columns[sort.sort] : 'name';
      const sorted = typeof chosen === 'string' ? chosen : chosen.column;
      const filtered = (query: Knex.QueryBuilder) => filterUsers(db, query, filter, sorted);
      if (isShortSearch(filter.search)) return shortSearchPage(db, page, filter, order);
      if (filter.search) return searchPage(db, page, filtered, order);
      const roles = filter.role ? [filter.role] : ADMIN_ROLES;
      return presented.page(page, filtered, order, () => accountCount(db, { roles }));
    },

    /** The accounts not erased, per role and activity (db/tallies.ts). */
    countByRoleAndStatus: async (): Promise<UserCountRow[]> =>
      (await accountsByRoleAndActivity(db)).map(({ role, active, count }) => ({ role, is_active: active, count })),

    updateAccount(
      id: number,
      changes: AccountChanges,
      now: Date,
      expected?: ExpectedRevision,
    ): Promise<UserRow | undefined> {
      return updateRevised<UserRow>(adminEdit(id, expected), {
        name: changes.name,
        email: changes.email.toLowerCase(),
        // A new address has not proved its mailbox (the old one had, maybe): the proof goes with the old one.
        email_verified_at: db.raw('case when email = ? then email_verified_at else null end', [
          changes.email.toLowerCase(),
        ]),
        role: changes.role,
        permissions: jsonText(changes.permissions),
        updated_at: now,
      });
    },

    /** Deactivation also bumps the token version, so tokens issued before it stay dead after a reactivation. */
    setActive(id: number, isActive: boolean, now: Date, expected?: ExpectedRevision): Promise<UserRow | undefined> {
      return updateRevised<UserRow>(adminEdit(id, expected), {
        is_active: isActive,
        updated_at: now,
        ...(!isActive && { token_version: db.raw('token_version + 1'), ...revokedDevices(db) }),
      });
    },

    /** A member's renewal date (issue 57), an admin edit like the others: a new revision, audited. */
    setRenewalDate(id: number, renewalDate: string | null, now: Date, expected?: ExpectedRevision) {
      return updateRevised<UserRow>(adminEdit(id, expected), { renewal_date: renewalDate, updated_at: now });
    },

    remove: (id: number, expected?: ExpectedRevision): Promise<boolean> => deleteRevised(adminEdit(id, expected)),

    /**
     * Inside a transaction: locks the active super admins, then the target, always in that order, so two
     * changes that could each remove the last active super admin queue up instead of both passing.
     */
    async lockForAccountChange(id: number): Promise<{ target: UserRow | undefined; activeSuperAdminIds: number[] }> {
      const superAdmins = (await locked(
        users().where({ role: 'super_admin', is_active: true }).orderBy('id').select('id'),
      )) as { id: number }[];
      const target = (await locked(users().where({ id })).first()) as UserRow | undefined;
      return { target, activeSuperAdminIds: superAdmins.map((row) => row.id) };
    },

    async countActiveSuperAdmins(): Promise<number> {
      const row = await users().where({ role: 'super_admin', is_active: true }).count({ count: '*' }).first();
      return Number(row?.count ?? 0);
    },
  };
}

export type UsersRepository = ReturnType<typeof createUsersRepository>;
