/** The sessions table (migration 20261123160000): one row per sign-in, named by the token's `sid`. */
import type { Db } from '../../db/connection.js';
import { returnedRow, toIso } from '../../db/rows.js';
import type { SessionRow, UserRow } from '../../db/tables.js';

export type { SessionRow };

/** As long as the access token it backs (TOKEN_EXPIRY, 7 days). */
export const SESSION_TTL_MS = 7 * 24 * 60 * 60 * 1000;
/** last_seen_at is written at most this often per session, so reading a page costs no write. */
export const LAST_SEEN_EVERY_MS = 60 * 1000;

/** A sign-in that is not complete yet: it reaches only the routes that complete it. */
export type SessionPending = NonNullable<SessionRow['pending']>;

export interface NewSession {
  userId: number;
  userAgent: string | undefined;
  ip: string | undefined;
  pending?: SessionPending | null;
}

/** The session and its user, as the per-request read answers them. */
export interface SessionWithUser {
  session: SessionRow;
  user: SessionUser;
}

const USER_COLUMNS = [
  'id',
  'name',
  'email',
  'password_hash',
  'role',
  'permissions',
  'token_version',
  'revision',
  'is_active',
  'last_login_at',
  'totp_enabled_at',
  'must_change_password',
  'created_at',
  'updated_at',
] as const;
/** The account as the per-request read gives it: what sign-in checks and presentUser need. */
export type SessionUser = Pick<UserRow, (typeof USER_COLUMNS)[number]>;

/** The prefix that tells the user's columns from the session's in the joined row. */
const ACCOUNT = 'account__';

export function createSessionsRepository(db: Db) {
  const sessions = () => db('sessions');

  return {
    async create(session: NewSession, now: Date): Promise<SessionRow> {
      const rows = await sessions()
        .insert({
          user_id: session.userId,
          user_agent: session.userAgent?.slice(0, 300) || null,
          ip: session.ip?.slice(0, 64) || null,
          pending: session.pending ?? null,
          created_at: now,
          last_seen_at: now,
          expires_at: new Date(now.getTime() + SESSION_TTL_MS),
        })
        .returning('*');
      return returnedRow(rows);
    },

    /** The live session `id` with its user, in one read: what every authenticated request costs. */
    async findLive(id: number, now: Date): Promise<SessionWithUser | undefined> {
      const row = await db('sessions')
        .join('users', 'users.id', 'sessions.user_id')
        .where('sessions.id', id)
        .whereNull('sessions.ended_at')
        .where('sessions.expires_at', '>', now)
        .first<Record<string, unknown> | undefined>(
          'sessions.*',
          ...USER_COLUMNS.map((column) => `users.${column} as ${ACCOUNT}${column}`),
        );
      if (!row) return undefined;
      const entries = Object.entries(row);
      const ofAccount = ([key]: [string, unknown]) => key.startsWith(ACCOUNT);
      // The joined row holds every column of the session and the USER_COLUMNS of its account, split by prefix.
      const user = Object.fromEntries(
        entries.filter(ofAccount).map(([key, value]) => [key.slice(ACCOUNT.length), value]),
      ) as SessionUser;
      const session = Object.fromEntries(entries.filter((entry) => !ofAccount(entry))) as SessionRow;
      return { session, user };
    },

    /** Best effort and rare (LAST_SEEN_EVERY_MS): callers do not wait on it for their answer. */
    async touchIfStale(session: SessionRow, now: Date): Promise<void> {
      if (now.getTime() - new Date(toIso(session.last_seen_at)).getTime() < LAST_SEEN_EVERY_MS) return;
      await sessions().where({ id: session.id }).update({ last_seen_at: now });
    },

    listLive: (userId: number, now: Date): Promise<SessionRow[]> =>
      sessions()
        .where({ user_id: userId })
        .whereNull('ended_at')
        .where('expires_at', '>', now)
        .orderBy([
          { column: 'last_seen_at', order: 'desc' },
          { column: 'id', order: 'desc' },
        ]),

    /** Ends one of `userId`'s sessions; false when there is no such live session. */
    async end(userId: number, id: number, now: Date): Promise<boolean> {
      const ended = await sessions().where({ id, user_id: userId }).whereNull('ended_at').update({ ended_at: now });
      return ended > 0;
    },

    /** Ends every live session of the account but `keepId` (the caller's own, when it stays signed in). */
    async endAll(userId: number, now: Date, keepId?: number): Promise<number> {
      const query = sessions().where({ user_id: userId }).whereNull('ended_at');
      if (keepId !== undefined) query.whereNot({ id: keepId });
      return query.update({ ended_at: now });
    },

    /** A pending sign-in completed (two-factor set up): the session becomes a full one. */
    async complete(id: number): Promise<void> {
      await sessions().where({ id }).update({ pending: null });
    },
  };
}

export type SessionsRepository = ReturnType<typeof createSessionsRepository>;
