/**
 * Starting, reading and ending sessions: the one place an access token is issued, and the one that
 * tells who a token belongs to. The token names a session (sessions table); the session and its user
 * are read together on every request, so ending a session, deactivation, deletion, a role change or a
 * password reset refuses old tokens at once.
 */
import type { User } from '@npo/shared';
import type { Context } from 'koa';
import type { AppDeps } from '../../deps.js';
import { toBool } from '../../db/rows.js';
import { unauthorized } from '../../errors.js';
import { signAccessToken, verifyAccessToken } from '../../lib/tokens.js';
import { presentUser, type UserRow } from '../users/presenter.js';
import { createSessionsRepository, type SessionPending } from './repository.js';

export const SESSION_EXPIRED = 'Your session has expired. Please log in again.';

/** The account behind a token, its session, and whether that sign-in still waits on a step. */
export interface SignedIn {
  user: User;
  sessionId: number;
  pending: SessionPending | null;
}

/** Who asks, from where, in which session: what the routes of a signed-in caller pass on to services. */
export interface Caller {
  user: User;
  /** The client address as rate limits count it (lib/rate-limits.ts clientSubject). */
  ip: string;
  sessionId: number;
}

/** Where a sign-in comes from, as the sessions list shows it. */
export interface Device {
  ip: string | undefined;
  userAgent: string | undefined;
}

/** ctx.ip follows TRUST_PROXY (app.ts), so a client cannot write its own address into the list. */
export function deviceOf(ctx: Context): Device {
  return { ip: ctx.ip || undefined, userAgent: ctx.get('user-agent') || undefined };
}

export function createSessionService(deps: AppDeps) {
  const sessions = createSessionsRepository(deps.db);

  return {
    /** Who an access token signs in; 401 when the token, its session or its account no longer holds. */
    async authenticate(token: string): Promise<SignedIn> {
      const now = deps.clock.now();
      const claims = verifyAccessToken(deps.config.jwtSecret, token, now);
      if (!claims) throw unauthorized(SESSION_EXPIRED);
      const found = await sessions.findLive(claims.sessionId, now);
      if (!found || found.user.id !== claims.userId || found.user.token_version !== claims.tokenVersion) {
        throw unauthorized(SESSION_EXPIRED);
      }
      const user = presentUser(found.user);
      if (!user.isActive) throw unauthorized('This account has been deactivated.');
      // "Last seen" is a courtesy: the answer never waits on it, nor fails for it.
      sessions.touchIfStale(found.session, now).catch((error: unknown) => {
        deps.logger.warn({ err: error }, 'session last-seen time not recorded');
      });
      // The printed one-time password comes first, for every session of the account, until it is changed.
      const pending = toBool(found.user.must_change_password) ? 'password_change' : found.session.pending;
      return { user, sessionId: found.session.id, pending };
    },

    /** A new session for the account, and the token that names it. */
    async start(row: UserRow, device: Device, pending: SessionPending | null = null): Promise<string> {
      const now = deps.clock.now();
      const session = await sessions.create({ userId: row.id, ...device, pending }, now);
      const claims = { userId: row.id, tokenVersion: row.token_version, sessionId: session.id };
      return signAccessToken(deps.config.jwtSecret, claims, now);
    },

    /** Signing out ends the caller's session, so its token is refused from now on. */
    async end(userId: number, sessionId: number): Promise<void> {
      await sessions.end(userId, sessionId, deps.clock.now());
    },
  };
}
