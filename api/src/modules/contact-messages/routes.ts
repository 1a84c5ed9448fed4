import { API, can, PROOF_OF_WORK_HEADER, type ContactMessagesPage } from '@npo/shared';
import { sendCsvExport } from '../../lib/csv.js';
import { forbidden } from '../../errors.js';
import { created, ok, okItem, pagination } from '../../lib/respond.js';
import { inTurn } from '../../lib/turns.js';
import type { ModuleContext } from '../context.js';
import { createContactFloodGuard } from './flood.js';
import { MESSAGES_CSV } from './presenter.js';
import { createContactRepliesService } from './replies.js';
import { createContactMessagesService, MESSAGE_SENT } from './service.js';

export function registerContactMessages({ deps, route }: ModuleContext): void {
  const messages = createContactMessagesService(deps);
  const replies = createContactRepliesService(deps);

  const flood = createContactFloodGuard(deps);
  const { limits } = flood;
  route(
    API.contactMessages.send,
    async (ctx) => {
      const held = ctx.state.pastSiteRate === true;
      if (held) await flood.requireProofOfWork(ctx.get(PROOF_OF_WORK_HEADER));
      const message = await messages.send(ctx.state.input.body, held ? { held: limits.countInWindow } : {});
      created(ctx, { id: message.id }, MESSAGE_SENT);
    },
    // The site-wide rate never refuses visitors: past it, messages need a solved proof of work and
    // are held as possible spam.
    { before: [flood.limit('contact')] },
  );

  route(API.contactMessages.list, async (ctx) => {
    const { page, limit, state, q, sort, order } = ctx.state.input.query;
    // A search takes its turn among the others (lib/turns.ts); the plain inbox pages need none.
    const list = () => messages.list({ page, limit }, state, q, { sort, order });
    const result = await (q ? inTurn(deps, list) : list());
    const data: ContactMessagesPage = {
      messages: result.items,
      pagination: pagination(page, limit, result.total),
      unread: result.unread,
    };
    ok(ctx, data);
  });
  route(API.contactMessages.exportCsv, async (ctx) => {
    const { state, q } = ctx.state.input.query;
    await sendCsvExport(ctx, deps, ctx.state.user.id, `contact-messages-${state}.csv`, MESSAGES_CSV, () =>
      messages.exportPages(state, q),
    );
  });
  route(API.contactMessages.bulk, async (ctx) => {
    const { action, ids, matching } = ctx.state.input.body;
    // The route asks for edit (a POST); deleting asks for what DELETE /contact-messages/:id asks.
    if (action === 'delete' && !can(ctx.state.user, 'connect', 'delete'))
      throw forbidden("You don't have permission to delete this module.");
    const changed = await messages.bulk(action, ids ? { ids } : { matching: matching! });
    ok(ctx, { changed }, { message: `${changed} ${changed === 1 ? 'message' : 'messages'} changed` });
  });
  route(API.contactMessages.replies, async (ctx) => {
    ok(ctx, await replies.list(ctx.state.input.params.id));
  });
  route(API.contactMessages.reply, async (ctx) => {
    const { params, body } = ctx.state.input;
    created(ctx, await replies.create(params.id, body, ctx.state.user), 'Reply queued');
  });
  route(API.contactMessages.setState, async (ctx) => {
    const { params, body, expectedRevision } = ctx.state.input;
    okItem(ctx, await messages.setState(params.id, body.state, expectedRevision), {
      message: `Message marked as ${body.state}`,
    });
  });
  route(API.contactMessages.markRead, async (ctx) => {
    const { params, expectedRevision } = ctx.state.input;
    okItem(ctx, await messages.markRead(params.id, expectedRevision), { message: 'Message marked as read' });
  });
  route(API.contactMessages.remove, async (ctx) => {
    await messages.remove(ctx.state.input.params.id, ctx.state.input.expectedRevision);
    ok(ctx, null, { message: 'Message deleted' });
  });
}
