/** The four admin calls every plain content list has: list a page, create, update, delete. */
import type { ZodType } from 'zod';
import type { PageResult } from '../db/table.js';
import { created, ok, okPage } from '../lib/respond.js';
import { idParams, validate } from '../middleware/validate.js';
import type { AdminModuleRouter } from '../policy.js';

export interface CrudService<Input, Entity, Query> {
  list(query: Query): Promise<PageResult<Entity>>;
  create(input: Input): Promise<Entity>;
  update(id: number, input: Input): Promise<Entity>;
  remove(id: number): Promise<void>;
}

export interface CrudRoutes<Input, Entity, Query> {
  /** e.g. /testimonials (under /api/admin) */
  path: string;
  collection: string;
  /** "Testimonial": the messages say "Testimonial created" and so on. */
  label: string;
  schema: ZodType<Input>;
  listQuery: ZodType<Query>;
  service: CrudService<Input, Entity, Query>;
}

export function registerAdminCrud<Input, Entity, Query extends { page: number; limit: number }>(
  routes: AdminModuleRouter,
  { path, collection, label, schema, listQuery, service }: CrudRoutes<Input, Entity, Query>,
): void {
  routes.get(path, validate({ query: listQuery }), async (ctx) =>
    okPage(ctx, collection, await service.list(ctx.state.input.query), ctx.state.input.query),
  );
  routes.post(path, validate({ body: schema }), async (ctx) =>
    created(ctx, await service.create(ctx.state.input.body), `${label} created`),
  );
  routes.put(`${path}/:id`, validate({ params: idParams, body: schema }), async (ctx) =>
    ok(ctx, await service.update(ctx.state.input.params.id, ctx.state.input.body), { message: `${label} updated` }),
  );
  routes.delete(`${path}/:id`, validate({ params: idParams }), async (ctx) => {
    await service.remove(ctx.state.input.params.id);
    ok(ctx, null, { message: `${label} deleted` });
  });
}
