/** The four admin calls every plain content list has: list a page, create, update, delete. */
import type { ExpectedRevision } from '../db/revisions.js';
import type { PageResult } from '../db/table.js';
import { ok, okItem, pageOf } from '../lib/respond.js';
import type { RegisterRoute } from '../routes.js';
import type { AdminCrudOperations } from '@npo/shared';

/** `expected`: the If-Match of the request; the write applies only at one of those revisions. */
export interface CrudService<Input, Entity, Query> {
  list(query: Query): Promise<PageResult<Entity>>;
  create(input: Input): Promise<Entity>;
  update(id: number, input: Input, expected?: ExpectedRevision): Promise<Entity>;
  remove(id: number, expected?: ExpectedRevision): Promise<void>;
}

export interface CrudRoutes<Input, Entity, Query, C extends string> {
  /** The group of the route table: API.faqs.admin and so on. */
  operations: AdminCrudOperations<Input, Query, Entity, C>;
  collection: C;
  /** "Testimonial": the messages say "Testimonial created" and so on. */
  label: string;
  service: CrudService<Input, Entity, Query>;
}

export function registerAdminCrud<
  Input,
  Entity extends { revision: number },
  Query extends { page: number; limit: number },
  C extends string,
>(route: RegisterRoute, { operations, collection, label, service }: CrudRoutes<Input, Entity, Query, C>): void {
  route(operations.list, async (ctx) =>
    ok(ctx, pageOf(collection, await service.list(ctx.state.input.query), ctx.state.input.query)),
  );
  route(operations.create, async (ctx) =>
    okItem(ctx, await service.create(ctx.state.input.body), { status: 201, message: `${label} created` }),
  );
  route(operations.update, async (ctx) => {
    const { params, body, expectedRevision } = ctx.state.input;
    okItem(ctx, await service.update(params.id, body, expectedRevision), { message: `${label} updated` });
  });
  route(operations.remove, async (ctx) => {
    await service.remove(ctx.state.input.params.id, ctx.state.input.expectedRevision);
    ok(ctx, null, { message: `${label} deleted` });
  });
}
