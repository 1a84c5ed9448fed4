/** Tags staff keep (/api/admin/tags) and put on members (/api/admin/members/:id/tags), issue 57. */
import { API } from '@npo/shared';
import { created, ok, okItem } from '../../lib/respond.js';
import type { ModuleContext } from '../context.js';
import { createTagsService } from './service.js';

export function registerTags({ deps, route }: ModuleContext): void {
  const tags = createTagsService(deps);

  route(API.tags.list, async (ctx) => ok(ctx, await tags.list()));
  route(API.tags.create, async (ctx) => {
    const tag = await tags.create(ctx.state.input.body.name);
    ctx.set('ETag', `"${tag.revision}"`);
    created(ctx, tag, 'Tag created');
  });
  route(API.tags.rename, async (ctx) => {
    const { params, body, expectedRevision } = ctx.state.input;
    okItem(ctx, await tags.rename(params.id, body.name, expectedRevision), { message: 'Tag renamed' });
  });
  route(API.tags.remove, async (ctx) => {
    const { params, expectedRevision } = ctx.state.input;
    await tags.remove(params.id, expectedRevision);
    ok(ctx, null, { message: 'Tag deleted' });
  });
  route(API.members.setTags, async (ctx) => {
    const { params, body, expectedRevision } = ctx.state.input;
    okItem(ctx, await tags.changeMember(params.id, body, expectedRevision), { message: 'Tags saved' });
  });
}
