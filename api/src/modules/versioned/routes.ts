/** The same public and admin calls for each kind of versioned content. */
import { paginationQuery, type Module, type VersionedItem } from '@npo/shared';
import type { ZodType } from 'zod';
import { publicContentCache } from '../../lib/public-cache.js';
import { ok, okItem, okPage } from '../../lib/respond.js';
import { precondition } from '../../middleware/precondition.js';
import { idParams, validate } from '../../middleware/validate.js';
import type { ModuleContext } from '../context.js';
import type { VersionedKind, VersionedTable } from './repository.js';
import { createVersionedService } from './service.js';

export interface VersionedRoutes<Table extends VersionedTable, Input, Entity extends VersionedItem> {
  kind: VersionedKind<Table, Input, Entity>;
  module: Module;
  /** e.g. /about-us: public GET /api/about-us, admin /api/admin/about-us[/:id[/activate]] */
  path: string;
  collection: string;
  schema: ZodType<Input>;
  pageSize: number;
}

export function registerVersioned<Table extends VersionedTable, Input, Entity extends VersionedItem>(
  { router, deps, admin }: ModuleContext,
  options: VersionedRoutes<Table, Input, Entity>,
): void {
  const versions = createVersionedService(deps, options.kind);
  const label = options.kind.label;

  router.get(`/api${options.path}`, publicContentCache(deps.contentChanges), async (ctx) =>
    ok(ctx, await versions.active()),
  );

  const routes = admin(options.module);
  routes.get(options.path, validate({ query: paginationQuery(options.pageSize) }), async (ctx) =>
    okPage(ctx, options.collection, await versions.list(ctx.state.input.query), ctx.state.input.query),
  );
  routes.get(`${options.path}/:id`, validate({ params: idParams }), async (ctx) =>
    okItem(ctx, await versions.get(ctx.state.input.params.id)),
  );
  routes.post(options.path, validate({ body: options.schema }), async (ctx) =>
    okItem(ctx, await versions.create(ctx.state.input.body), { status: 201, message: `${label} created` }),
  );
  routes.put(`${options.path}/:id`, validate({ params: idParams, body: options.schema }), precondition, async (ctx) => {
    const { params, body, expectedRevision } = ctx.state.input;
    okItem(ctx, await versions.update(params.id, body, expectedRevision), { message: `${label} updated` });
  });
  routes.patch(`${options.path}/:id/activate`, validate({ params: idParams }), precondition, async (ctx) => {
    const { params, expectedRevision } = ctx.state.input;
    okItem(ctx, await versions.activate(params.id, expectedRevision), { message: `${label} activated` });
  });
  routes.delete(`${options.path}/:id`, validate({ params: idParams }), precondition, async (ctx) => {
    await versions.remove(ctx.state.input.params.id, ctx.state.input.expectedRevision);
    ok(ctx, null, { message: `${label} deleted` });
  });
}
