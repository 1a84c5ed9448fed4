/** The four admin calls every plain content list has: list a page, create, update, delete. */
import type { ZodType } from 'zod';
import type { ExpectedRevision } from '../db/revisions.js';
import type { PageResult } from '../db/table.js';
import { ok, okItem, okPage } from '../lib/respond.js';
import { precondition } from '../middleware/precondition.js';
import { idParams, validate } from '../middleware/validate.js';
import type { AdminModuleRouter } from '../policy.js';

/** `expected`: the If-Match of the request; the write applies only at one of those revisions. */
export interface CrudService<Input, Entity, Query> {
  list(query: Query): Promise<PageResult<Entity>>;
  create(input: Input): Promise<Entity>;
  update(id: number, input: Input, expected?: ExpectedRevision): Promise<Entity>;
  remove(id: number, expected?: ExpectedRevision): Promise<void>;
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

export function registerAdminCrud<
  Input,
  Entity extends { revision: number },
  Query extends { page: number; limit: number },
>(
  routes: AdminModuleRouter,
  { path, collection, label, schema, listQuery, service }: CrudRoutes<Input, Entity, Query>,
): void {
  routes.get(path, validate({ query: listQuery }), async (ctx) =>
    okPage(ctx, collection, await service.list(ctx.state.input.query), ctx.state.input.query),
  );
  routes.post(path, validate({ body: schema }), async (ctx) =>
    okItem(ctx, await service.create(ctx.state.input.body), { status: 201, message: `${label} created` }),
  );
  routes.put(`${path}/:id`, validate({ params: idParams, body: schema }), precondition, async (ctx) => {
    const { params, body, expectedRevision } = ctx.state.input;
    okItem(ctx, await service.update(params.id, body, expectedRevision), { message: `${label} updated` });
  });
  routes.delete(`${path}/:id`, validate({ params: idParams }), precondition, async (ctx) => {
    await service.remove(ctx.state.input.params.id, ctx.state.input.expectedRevision);
    ok(ctx, null, { message: `${label} deleted` });
  });
}
