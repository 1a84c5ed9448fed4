import type { Activity, ActivityInput, ActivityRegistration, ActivityStatus, RegistrationsFilter } from '@npo/shared';
import type { Knex } from 'knex';
import { isPostgres, type Db } from '../../db/connection.js';
import { pageOfRows } from '../../db/paging.js';
import { deleteRevised, updateRevised, type RevisedWrite } from '../../db/revisions.js';
import { countOf, idsOf, jsonText } from '../../db/rows.js';
import { matchingAny } from '../../db/search.js';
import { rowWithClientId } from '../../db/client-ids.js';
import { tableRepository, type EditOptions, type OrderBy, type Page, type PageResult } from '../../db/table.js';
import { newCheckInCode } from './check-in.js';
import { presentActivity, presentRegistration, REGISTRATIONS_CSV, tenthsOf } from './presenter.js';
import { csvPagesById } from '../../lib/csv.js';

/** Pages of registration rows as the presenter shows them. */
type RegistrationRow = Parameters<typeof presentRegistration>[0];
type ParticipatedRow = Parameters<typeof presentActivity>[0];

const ACTIVITIES = 'activities';
const REGISTRATIONS = 'activity_registrations';
const WAITLIST = 'activity_waitlist';

/**
 * One activity's registrations joined to their accounts, narrowed by `q` on name or e-mail as the
 * other admin lists search (any case or accent). An activity holds few enough for a plain scan.
 */
function registrationsOf(db: Db, activityId: number, q: string | undefined): Knex.QueryBuilder {
  const query = db(REGISTRATIONS)
    .join('users', 'users.id', `${REGISTRATIONS}.user_id`)
    .where(`${REGISTRATIONS}.activity_id`, activityId);
  return matchingAny(db, ['users.name', 'users.email'], q)(query);
}

/**
 * The chosen order, then the registration id so that pages never overlap on ties. Names compare
 * lower-cased: SQLite's default collation would put every capital before every small letter.
 */
function inRegistrationOrder(query: Knex.QueryBuilder, { sort, order }: RegistrationsFilter): Knex.QueryBuilder {
  const sorted =
    sort === 'name'
      ? query.orderByRaw(`lower(users.name) ${order}`)
      : query.orderBy(`${REGISTRATIONS}.created_at`, order);
  return sorted.orderBy(`${REGISTRATIONS}.id`, order);
}

const REGISTRATION_COLUMNS = [
  'users.id as user_id',
  'users.name',
  'users.email',
  `${REGISTRATIONS}.created_at`,
  `${REGISTRATIONS}.attended_at`,
];

export function createActivitiesRepository(db: Db) {
  const table = tableRepository(db, ACTIVITIES, presentActivity);

  /**
   * Each activity with its registration, attendance and waitlist counts, read in the same query rather
   * than one per row (the registrations' (activity_id, user_id) index serves the first two).
   */
  function withParticipants(trx: Db = db): Knex.QueryBuilder {
    const ofActivity = (table: string) => trx(table).where(`${table}.activity_id`, trx.ref(`${ACTIVITIES}.id`));
    const participants = ofActivity(REGISTRATIONS).count('*').as('participants');
    const attended = ofActivity(REGISTRATIONS).whereNotNull(`${REGISTRATIONS}.attended_at`).count('*').as('attended');
    const waitlisted = ofActivity(WAITLIST).count('*').as('waitlisted');
    return trx(ACTIVITIES).select(`${ACTIVITIES}.*`, participants, attended, waitlisted);
  }

  const withStatus =
    (status: ActivityStatus | undefined) =>
    (query: Knex.QueryBuilder): Knex.QueryBuilder =>
      status ? query.where(`${ACTIVITIES}.status`, status) : query;

  async function findById(id: number, trx: Db = db): Promise<Activity | undefined> {
    const row = (await withParticipants(trx).where(`${ACTIVITIES}.id`, id).first()) as ParticipatedRow | undefined;
    return row ? presentActivity(row) : undefined;
  }

  /**
   * Upcoming activities soonest first, then past ones most recent first: by status (as the dashboard
   * reads it), then the date of upcoming ones only (null for past ones, which tie), then the date the
   * other way. Plain CASE expressions, so both engines order alike.
   * A list of one status is the same order without the CASE columns (constant there): then the
   * index (status, date, id) gives it, where the CASE columns made PostgreSQL sort every past
   * activity for a deep page (migration 20261128101900).
   */
  function nextUpcomingFirst(status?: ActivityStatus): OrderBy {
    const date = `${ACTIVITIES}.date`;
    const byId = { column: `${ACTIVITIES}.id`, order: 'desc' } as const;
    if (status === 'past') return [{ column: date, order: 'desc' }, byId];
    if (status === 'upcoming') return [{ column: date, order: 'asc' }, byId];
    return [
      { column: db.raw(`case when ${ACTIVITIES}.status = 'upcoming' then 0 else 1 end`), order: 'asc' },
      { column: db.raw(`case when ${ACTIVITIES}.status = 'upcoming' then ${date} end`), order: 'asc' },
      { column: date, order: 'desc' },
      byId,
    ];
  }

  return {
    findById,
    /** The activity a console creation with this client id made, with its participants (db/client-ids.ts). */
    async findByClientId(clientId: string): Promise<Activity | undefined> {
      const row = await rowWithClientId<{ id: number }>(db, ACTIVITIES, clientId);
      return row ? findById(row.id) : undefined;
    },
    nextUpcomingFirst,
    // A new activity has no registrations yet, so the row as inserted presents the right count (0).
    insert: table.insert,

    /** Whether a row was deleted; a 409 shows the activity with its participants, as the list does. */
    remove: (id: number, { expected }: EditOptions = {}): Promise<boolean> =>
      deleteRevised({ db, table: ACTIVITIES, id, expected, current: () => findById(id) }),

    async page(
      { page, limit }: Page,
      status: ActivityStatus | undefined,
      orderBy: OrderBy,
      q?: string,
    ): Promise<PageResult<Activity>> {
      // Tags are stored as JSON text: a substring of one tag is a substring of that text.
      const search = matchingAny(db, [`${ACTIVITIES}.title`, `${ACTIVITIES}.location`, `${ACTIVITIES}.tags`], q);
      const filter = (query: Knex.QueryBuilder) => search(withStatus(status)(query));
      const [rows, total] = await Promise.all([
        pageOfRows<ParticipatedRow>(db, ACTIVITIES, withParticipants(), { page, limit }, filter, orderBy),
        table.count(filter),
      ]);
      return { items: rows.map(presentActivity), total };
    },

    /** An admin edit, read back after writing, so the answer carries the current participants count. */
    async update(
      id: number,
      values: Record<string, unknown>,
      now: Date,
      { expected }: EditOptions = {},
    ): Promise<Activity | undefined> {
      const write: RevisedWrite = { db, table: ACTIVITIES, id, expected, current: () => findById(id) };
      const changed = await updateRevised(write, { ...values, updated_at: now });
      return changed ? findById(id) : undefined;
    },

    /** On PostgreSQL, makes concurrent registrations for one activity wait their turn for the capacity check. */
    async lockForRegistration(id: number, trx: Db): Promise<void> {
      if (isPostgres(db)) await trx(ACTIVITIES).where({ id }).forUpdate().first('id');
    },

    async isRegistered(activityId: number, userId: number, trx: Db): Promise<boolean> {
      return Boolean(await trx(REGISTRATIONS).where({ activity_id: activityId, user_id: userId }).first('id'));
    },

    /**
     * A registration with its check-in code, drawn until no other registration of the activity has it
     * (the caller holds the activity's lock, so no one else draws meanwhile; the unique key stands
     * behind it), which it answers. `attendedAt`: a walk-in, attended as they register.
     */
    async addRegistration(
      activityId: number,
      userId: number,
      now: Date,
      trx: Db,
      attendedAt: Date | null = null,
    ): Promise<string> {
      let code = newCheckInCode();
      while (await trx(REGISTRATIONS).where({ activity_id: activityId, check_in_code: code }).first('id')) {
        code = newCheckInCode();
      }
      await trx(REGISTRATIONS).insert({
        activity_id: activityId,
        user_id: userId,
        created_at: now,
        attended_at: attendedAt,
        check_in_code: code,
      });
      return code;
    },

    /** Whether a registration was removed (the seat it held is free again). */
    async removeRegistration(activityId: number, userId: number, trx: Db = db): Promise<boolean> {
      return (await trx(REGISTRATIONS).where({ activity_id: activityId, user_id: userId }).delete()) > 0;
    },

    /** Whether a registration not (yet) marked attended was removed: an attended one stays. */
    async removeUnattendedRegistration(activityId: number, userId: number, trx: Db): Promise<boolean> {
      const removed = await trx(REGISTRATIONS)
        .where({ activity_id: activityId, user_id: userId })
        .whereNull('attended_at')
        .delete();
      return removed > 0;
    },

    async registrations(
      activityId: number,
      filter: RegistrationsFilter,
      { page, limit }: Page,
    ): Promise<PageResult<ActivityRegistration>> {
      const [rows, total] = await Promise.all([
        inRegistrationOrder(registrationsOf(db, activityId, filter.q).select(REGISTRATION_COLUMNS), filter)
          .limit(limit)
          .offset((page - 1) * limit)
          .then((found) => found as RegistrationRow[]),
        countOf(registrationsOf(db, activityId, filter.q)),
      ]);
      return { items: rows.map(presentRegistration), total };
    },

    /** Every registration in the filter's order, for the CSV export, read in pages (lib/csv.ts). */
    async registrationPages(activityId: number, filter: RegistrationsFilter): Promise<AsyncIterable<Buffer>> {
      const inOrder = inRegistrationOrder(registrationsOf(db, activityId, filter.q), filter);
      const ids = await idsOf(inOrder, `${REGISTRATIONS}.id`);
      return csvPagesById(ids, REGISTRATIONS_CSV, (pageIds) =>
        db(REGISTRATIONS)
          .join('users', 'users.id', `${REGISTRATIONS}.user_id`)
          .whereIn(`${REGISTRATIONS}.id`, pageIds)
          .select([...REGISTRATION_COLUMNS, `${REGISTRATIONS}.id as registration_id`]),
      );
    },

    toRow: (input: ActivityInput) => ({
      title: input.title,
      description: input.description,
      date: new Date(input.date),
      location: input.location,
      status: input.status,
      tags: jsonText(input.tags),
      capacity: input.capacity,
      cpd_tenths: tenthsOf(input.cpdHours),
    }),
  };
}
