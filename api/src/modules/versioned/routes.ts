/** The same public and admin calls for each kind of versioned content. */
import { paginationQuery, type Module } from '@npo/shared';
import type { ZodType } from 'zod';
import { publicCache } from '../../lib/public-cache.js';
import { created, ok, okPage } from '../../lib/respond.js';
import { idParams, validate } from '../../middleware/validate.js';
import type { ModuleContext } from '../context.js';
import { createVersionedService, type VersionedKind } from './service.js';

export interface VersionedRoutes<Input, Entity> {
  kind: VersionedKind<Input, Entity>;
  module: Module;
  /** e.g. /about-us: public GET /api/about-us, admin /api/admin/about-us[/:id[/activate]] */
  path: string;
  collection: string;
  schema: ZodType<Input>;
  pageSize: number;
  cacheSeconds: number;
}

export function registerVersioned<Input, Entity extends { id: number; isActive: boolean }>(
  { router, deps, admin }: ModuleContext,
  options: VersionedRoutes<Input, Entity>,
): void {
  const versions = createVersionedService(deps, options.kind);
  const label = options.kind.label;

  router.get(`/api${options.path}`, publicCache(options.cacheSeconds), async (ctx) => ok(ctx, await versions.active()));

  const routes = admin(options.module);
  routes.get(options.path, validate({ query: paginationQuery(options.pageSize) }), async (ctx) =>
    okPage(ctx, options.collection, await versions.list(ctx.state.input.query), ctx.state.input.query),
  );
  routes.get(`${options.path}/:id`, validate({ params: idParams }), async (ctx) =>
    ok(ctx, await versions.get(ctx.state.input.params.id)),
  );
  routes.post(options.path, validate({ body: options.schema }), async (ctx) =>
    created(ctx, await versions.create(ctx.state.input.body), `${label} created`),
  );
  routes.put(`${options.path}/:id`, validate({ params: idParams, body: options.schema }), async (ctx) =>
    ok(ctx, await versions.update(ctx.state.input.params.id, ctx.state.input.body), { message: `${label} updated` }),
  );
  routes.patch(`${options.path}/:id/activate`, validate({ params: idParams }), async (ctx) =>
    ok(ctx, await versions.activate(ctx.state.input.params.id), { message: `${label} activated` }),
  );
  routes.delete(`${options.path}/:id`, validate({ params: idParams }), async (ctx) => {
    await versions.remove(ctx.state.input.params.id);
    ok(ctx, null, { message: `${label} deleted` });
  });
}
