import { contactMessageSchema, PAGE_SIZES, paginationQuery, type ContactMessagesPage } from '@npo/shared';
import { createRateLimiter } from '../../lib/rate-limits.js';
import { created, ok, okItem, pagination } from '../../lib/respond.js';
import { precondition } from '../../middleware/precondition.js';
import { idParams, validate } from '../../middleware/validate.js';
import type { ModuleContext } from '../context.js';
import { createContactMessagesService, MESSAGE_SENT } from './service.js';

export function registerContactMessages({ router, deps, admin }: ModuleContext): void {
  const messages = createContactMessagesService(deps);

  const limits = createRateLimiter(deps);
  router.post(
    '/api/contact-messages',
    validate({ body: contactMessageSchema }),
    limits.limit('contact'),
    async (ctx) => {
      const message = await messages.send(ctx.state.input.body);
      created(ctx, { id: message.id }, MESSAGE_SENT);
    },
  );

  const routes = admin('connect');
  routes.get('/contact-messages', validate({ query: paginationQuery(PAGE_SIZES.messages) }), async (ctx) => {
    const { page, limit } = ctx.state.input.query;
    const result = await messages.list({ page, limit });
    const data: ContactMessagesPage = {
      messages: result.items,
      pagination: pagination(page, limit, result.total),
      unread: result.unread,
    };
    ok(ctx, data);
  });
  routes.patch('/contact-messages/:id/read', validate({ params: idParams }), precondition, async (ctx) => {
    const { params, expectedRevision } = ctx.state.input;
    okItem(ctx, await messages.markRead(params.id, expectedRevision), { message: 'Message marked as read' });
  });
  routes.delete('/contact-messages/:id', validate({ params: idParams }), precondition, async (ctx) => {
    await messages.remove(ctx.state.input.params.id, ctx.state.input.expectedRevision);
    ok(ctx, null, { message: 'Message deleted' });
  });
}
