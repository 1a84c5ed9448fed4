import type { Activity, ActivityInput, ActivityStatus } from '@npo/shared';
import type { Knex } from 'knex';
import { isPostgres, type Db } from '../../db/connection.js';
import { pageOfRows } from '../../db/paging.js';
import { deleteRevised, updateRevised } from '../../db/revisions.js';
import { jsonText } from '../../db/rows.js';
import { tableRepository, type EditOptions, type OrderBy, type Page, type PageResult } from '../../db/table.js';
import { presentActivity } from './presenter.js';

const ACTIVITIES = 'activities';
const REGISTRATIONS = 'activity_registrations';

export function createActivitiesRepository(db: Db) {
  const table = tableRepository(db, ACTIVITIES, presentActivity);

  /** Each activity with its registration count, read in the same query rather than one per row. */
  function withParticipants(trx: Db = db): Knex.QueryBuilder {
    const participants = trx(REGISTRATIONS)
      .count('*')
      .where(`${REGISTRATIONS}.activity_id`, trx.ref(`${ACTIVITIES}.id`))
      .as('participants');
    return trx(ACTIVITIES).select(`${ACTIVITIES}.*`, participants);
  }

  const withStatus =
    (status: ActivityStatus | undefined) =>
    (query: Knex.QueryBuilder): Knex.QueryBuilder =>
      status ? query.where(`${ACTIVITIES}.status`, status) : query;

  async function findById(id: number, trx: Db = db): Promise<Activity | undefined> {
    const row = await withParticipants(trx).where(`${ACTIVITIES}.id`, id).first();
    return row ? presentActivity(row) : undefined;
  }

  return {
    findById,
    // A new activity has no registrations yet, so the row as inserted presents the right count (0).
    insert: table.insert,

    /** Whether a row was deleted; a 409 shows the activity with its participants, as the list does. */
    remove: (id: number, { expected }: EditOptions = {}): Promise<boolean> =>
      deleteRevised({ db, table: ACTIVITIES, id, expected, current: () => findById(id) }),

    async page(
      { page, limit }: Page,
      status: ActivityStatus | undefined,
      orderBy: OrderBy,
    ): Promise<PageResult<Activity>> {
      const [rows, total] = await Promise.all([
        pageOfRows(db, ACTIVITIES, withParticipants(), { page, limit }, withStatus(status), orderBy),
        table.count(withStatus(status)),
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
      const write = { db, table: ACTIVITIES, id, expected, current: () => findById(id) };
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

    async addRegistration(activityId: number, userId: number, now: Date, trx: Db): Promise<void> {
      await trx(REGISTRATIONS).insert({ activity_id: activityId, user_id: userId, created_at: now });
    },

    toRow: (input: ActivityInput) => ({
      title: input.title,
      description: input.description,
      date: new Date(input.date),
      location: input.location,
      status: input.status,
      tags: jsonText(input.tags),
      capacity: input.capacity,
    }),
  };
}
