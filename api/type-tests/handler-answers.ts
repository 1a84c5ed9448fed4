/**
 * A handler's answer is typed against its route's answer schema (lib/respond.ts, routes.ts:
 * ContextOf): each `@ts-expect-error` below is a planted wrong answer that must not compile.
 */
// The body the parser leaves on ctx.request, as the app's middleware reads it.
import type {} from '@koa/bodyparser';
import { API, type Activity, type Faq, type Pagination } from '@npo/shared';
import { created, ok, okItem, okPage } from '../src/lib/respond.js';
import type { RegisterRoute } from '../src/routes.js';

declare const route: RegisterRoute;
declare const faq: Faq;
declare const activity: Activity;
declare const pagination: Pagination;

route(API.faqs.list, (ctx) => ok(ctx, { faqs: [faq], pagination }));
// @ts-expect-error an activity in the list of FAQs
route(API.faqs.list, (ctx) => ok(ctx, { faqs: [activity], pagination }));
// @ts-expect-error the list of FAQs is named faqs
route(API.faqs.list, (ctx) => okPage(ctx, 'items', { items: [faq], total: 1 }, { page: 1, limit: 10 }));
route(API.faqs.list, (ctx) => okPage(ctx, 'faqs', { items: [faq], total: 1 }, { page: 1, limit: 10 }));

route(API.faqs.admin.create, (ctx) => okItem(ctx, faq, { status: 201 }));
// @ts-expect-error an activity is not what creating an FAQ answers
route(API.faqs.admin.create, (ctx) => okItem(ctx, activity, { status: 201 }));
// @ts-expect-error a field the FAQ entity does not declare
route(API.faqs.admin.update, (ctx) => okItem(ctx, { ...faq, internalNote: 'x' }));

route(API.auth.me, (ctx) => ok(ctx, { user: ctx.state.user }));
// @ts-expect-error GET /api/auth/me answers the user, not nothing
route(API.auth.me, (ctx) => ok(ctx, null));

route(API.contactMessages.send, (ctx) => created(ctx, { id: 1 }));
// @ts-expect-error the id of the kept message is a number
route(API.contactMessages.send, (ctx) => created(ctx, { id: '1' }));
