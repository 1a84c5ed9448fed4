import { API, UNSUBSCRIBE_LINK_INVALID, UNSUBSCRIBED } from '@npo/shared';
import { validationError } from '../../errors.js';
import { created, ok, okItem, okPage } from '../../lib/respond.js';
import type { ModuleContext } from '../context.js';
import { createAnnouncementPreferences, createAnnouncementsService, TEST_SENT } from './service.js';
import { verifyUnsubscribeToken } from './unsubscribe-token.js';

export function registerAnnouncements({ deps, route }: ModuleContext): void {
  const announcements = createAnnouncementsService(deps);
  const preferences = createAnnouncementPreferences(deps);

  route(API.announcements.list, async (ctx) => {
    const { query } = ctx.state.input;
    okPage(ctx, 'announcements', await announcements.list(query), query);
  });
  route(API.announcements.create, async (ctx) => {
    const item = await announcements.create(ctx.state.input.body);
    ctx.set('ETag', `"${item.revision}"`);
    created(ctx, item, 'Announcement saved');
  });
  route(API.announcements.preview, async (ctx) =>
    ok(ctx, await announcements.preview(ctx.state.input.body, ctx.state.user)),
  );
  route(API.announcements.reach, async (ctx) => ok(ctx, await announcements.reach(ctx.state.input.body)));
  route(API.announcements.get, async (ctx) => okItem(ctx, await announcements.get(ctx.state.input.params.id)));
  route(API.announcements.update, async (ctx) => {
    const { params, body, expectedRevision } = ctx.state.input;
    okItem(ctx, await announcements.update(params.id, body, expectedRevision), { message: 'Announcement saved' });
  });
  route(API.announcements.remove, async (ctx) => {
    const { params, expectedRevision } = ctx.state.input;
    await announcements.remove(params.id, expectedRevision);
    ok(ctx, null, { message: 'Announcement deleted' });
  });
  route(API.announcements.sendTest, async (ctx) => {
    await announcements.sendTest(ctx.state.input.params.id, ctx.state.user);
    ok(ctx, { message: TEST_SENT }, { message: TEST_SENT });
  });
  route(API.announcements.audience, async (ctx) => ok(ctx, await announcements.audience(ctx.state.input.params.id)));
  route(API.announcements.send, async (ctx) => {
    const { params, body, expectedRevision } = ctx.state.input;
    const item = await announcements.send(params.id, body.scheduledAt, ctx.state.user, expectedRevision);
    const message = item.state === 'sent' ? `Sending to ${item.recipientCount ?? 0}` : 'Announcement scheduled';
    okItem(ctx, item, { message });
  });
  route(API.announcements.unschedule, async (ctx) => {
    const { params, expectedRevision } = ctx.state.input;
    okItem(ctx, await announcements.unschedule(params.id, expectedRevision), { message: 'Schedule cancelled' });
  });
  route(API.announcements.recipients, async (ctx) => {
    const { params, query } = ctx.state.input;
    okPage(ctx, 'recipients', await announcements.recipients(params.id, query, query.state), query);
  });
  route(API.announcements.retryRecipient, async (ctx) => {
    const { id, mailId } = ctx.state.input.params;
    ok(ctx, await announcements.retryRecipient(id, mailId), { message: 'Queued again' });
  });

  route(API.account.preferences, async (ctx) =>
    ok(ctx, { receiveAnnouncements: await preferences.get(ctx.state.user.id) }),
  );
  route(API.account.setPreferences, async (ctx) => {
    const receive = await preferences.set(ctx.state.user.id, ctx.state.input.body.receiveAnnouncements);
    ok(ctx, { receiveAnnouncements: receive }, { message: 'Preferences saved' });
  });
  // RFC 8058: the mail client POSTs here with no session; the signed token is the proof. Idempotent.
  route(API.account.unsubscribe, async (ctx) => {
    const userId = verifyUnsubscribeToken(deps.config.jwtSecret, ctx.state.input.query.token);
    if (userId === null) throw validationError([{ field: 'token', message: UNSUBSCRIBE_LINK_INVALID }]);
    await preferences.unsubscribe(userId);
    ok(ctx, { message: UNSUBSCRIBED }, { message: UNSUBSCRIBED });
  });
}
