/** The same public and admin calls for each kind of versioned content. */
import type { VersionedItem, VersionedOperations } from '@npo/shared';
import { ok, okItem, pageOf } from '../../lib/respond.js';
import type { ModuleContext } from '../context.js';
import type { VersionedKind, VersionedTable } from './repository.js';
import { createVersionedService } from './service.js';

/** `Input` may carry the client id of a console creation (db/client-ids.ts). */
export interface VersionedRoutes<
  Table extends VersionedTable,
  Input extends { clientId?: string | undefined },
  Entity extends VersionedItem,
  C extends string,
> {
  kind: VersionedKind<Table, Input, Entity>;
  /** The group of the route table: API.aboutUs and so on. */
  operations: VersionedOperations<Input, Entity, C>;
  collection: C;
}

export function registerVersioned<
  Table extends VersionedTable,
  Input extends { clientId?: string | undefined },
  Entity extends VersionedItem,
  C extends string,
>({ deps, route }: ModuleContext, { kind, operations, collection }: VersionedRoutes<Table, Input, Entity, C>): void {
  const versions = createVersionedService(deps, kind);
  const label = kind.label;

  route(operations.active, async (ctx) => ok(ctx, await versions.active()));
  route(operations.list, async (ctx) =>
    ok(ctx, pageOf(collection, await versions.list(ctx.state.input.query), ctx.state.input.query)),
  );
  route(operations.get, async (ctx) => okItem(ctx, await versions.get(ctx.state.input.params.id)));
  route(operations.create, async (ctx) =>
    okItem(ctx, await versions.create(ctx.state.input.body), { status: 201, message: `${label} created` }),
  );
  route(operations.update, async (ctx) => {
    const { params, body, expectedRevision } = ctx.state.input;
    okItem(ctx, await versions.update(params.id, body, expectedRevision), { message: `${label} updated` });
  });
  route(operations.activate, async (ctx) => {
    const { params, expectedRevision } = ctx.state.input;
    okItem(ctx, await versions.activate(params.id, expectedRevision), { message: `${label} activated` });
  });
  route(operations.schedule, async (ctx) => {
    const { params, body, expectedRevision } = ctx.state.input;
    const by = ctx.state.user.email;
    const scheduled = await versions.schedule(params.id, new Date(body.activateAt), by, expectedRevision);
    okItem(ctx, scheduled, { message: `${label} scheduled` });
  });
  route(operations.cancelSchedule, async (ctx) => {
    const { params, expectedRevision } = ctx.state.input;
    okItem(ctx, await versions.cancelSchedule(params.id, expectedRevision), { message: 'Schedule cancelled' });
  });
  route(operations.remove, async (ctx) => {
    await versions.remove(ctx.state.input.params.id, ctx.state.input.expectedRevision);
    ok(ctx, null, { message: `${label} deleted` });
  });
}
