/**
 * GET /api/admin/mail, POST /mail/:id/retry and DELETE /mail/:id: the mail queue, super admins only
 * (module `mail` is not assignable), and GET /mail/:id, one mail with its body. The answers carry the
 * presenter's fields; a body only with the tokens of its links hidden.
 */
import { API } from '@npo/shared';
import { ok, okItem, okPage } from '../../lib/respond.js';
import type { ModuleContext } from '../context.js';
import { createMailQueueService } from './service.js';

export function registerMailQueue({ deps, route }: ModuleContext): void {
  const mails = createMailQueueService(deps);
  route(API.mail.list, async (ctx) => {
    const { page, limit, sort, order, ...filter } = ctx.state.input.query;
    okPage(ctx, 'mails', await mails.page({ page, limit }, filter, { sort, order }), { page, limit });
  });
  route(API.mail.get, async (ctx) => {
    okItem(ctx, await mails.get(ctx.state.input.params.id));
  });
  route(API.mail.retry, async (ctx) => {
    okItem(ctx, await mails.retry(ctx.state.input.params.id), { message: 'Mail queued to be sent again' });
  });
  route(API.mail.discard, async (ctx) => {
    const { params, expectedRevision } = ctx.state.input;
    await mails.discard(params.id, expectedRevision);
    ok(ctx, null, { message: 'Mail discarded' });
  });
}
