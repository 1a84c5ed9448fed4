/** Starting and ending sessions: the one place an access token is issued. */
import type { Context } from 'koa';
import type { AppDeps } from '../../deps.js';
import { signAccessToken } from '../../lib/tokens.js';
import type { UserRow } from '../users/presenter.js';
import { createSessionsRepository, type SessionPending } from './repository.js';

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
