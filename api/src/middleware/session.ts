/**
 * Who is calling. The user row is read on every authenticated request, so deactivation, deletion,
 * a role change or a password reset refuses old tokens at once.
 */
import { can, isAdminRole, type Action, type Module, type User } from '@npo/shared';
import type { Context, Middleware } from 'koa';
import type { AppDeps } from '../deps.js';
import { forbidden, unauthorized } from '../errors.js';
import { verifyAccessToken } from '../lib/tokens.js';
import { presentUser } from '../modules/users/presenter.js';
import { createUsersRepository } from '../modules/users/repository.js';

const EXPIRED = 'Your session has expired. Please log in again.';

const authRequirements = new WeakMap<object, 'user' | 'admin'>();

/** Whether a middleware demands a session: read by the OpenAPI builder. */
export function authRequirementOf(middleware: object): 'user' | 'admin' | undefined {
  return authRequirements.get(middleware);
}

export function createSession(deps: AppDeps) {
  const users = createUsersRepository(deps.db);

  async function resolveUser(ctx: Context): Promise<User | null> {
    const header = ctx.get('authorization');
    const match = /^Bearer (\S+)$/i.exec(header);
    if (!match) return null;
    const claims = verifyAccessToken(deps.config.jwtSecret, match[1]!, deps.clock.now());
    if (!claims) throw unauthorized(EXPIRED);
    const row = await users.findById(claims.userId);
    if (!row || row.token_version !== claims.tokenVersion) throw unauthorized(EXPIRED);
    const user = presentUser(row);
    if (!user.isActive) throw unauthorized('This account has been deactivated.');
    return user;
  }

  const requireUser: Middleware = async (ctx, next) => {
    const user = await resolveUser(ctx);
    if (!user) throw unauthorized();
    ctx.state.user = user;
    await next();
  };

  const requireAdmin: Middleware = async (ctx, next) => {
    const user = await resolveUser(ctx);
    if (!user) throw unauthorized();
    if (!isAdminRole(user.role)) throw forbidden('You do not have admin access.');
    ctx.state.user = user;
    await next();
  };

  authRequirements.set(requireUser, 'user');
  authRequirements.set(requireAdmin, 'admin');

  /** Runs after requireAdmin: the one permission check of every admin route. */
  function authorize(module: Module, action: Action): Middleware {
    return async (ctx, next) => {
      if (!can(ctx.state.user as User, module, action)) {
        throw forbidden(`You don't have permission to ${action} this module.`);
      }
      await next();
    };
  }

  return { requireUser, requireAdmin, authorize };
}

export type Session = ReturnType<typeof createSession>;
