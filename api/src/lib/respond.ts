/**
 * Writers of the success envelope. Each takes the handler's context, whose type carries what its
 * route answers (routes.ts: ContextOf), so data of another shape than the route's answer schema does
 * not compile; the test app checks the same schema at run time.
 */
import type { Answers, ListData, Pagination, SuccessEnvelope } from '@npo/shared';
import type { Context } from 'koa';

/** A handler's context that answers D (a context from outside the table answers anything). */
type Answering<D> = Context & { state: Answers<D> };

/** A list answer whose list is named C: { faqs: Faq[]; pagination } for 'faqs'. */
type ListAnswer<C extends string> = { [K in C]: unknown[] } & { pagination: Pagination };

export function ok<D>(ctx: Answering<D>, data: NoInfer<D>, options: { status?: number; message?: string } = {}): void {
  ctx.status = options.status ?? 200;
  const body: SuccessEnvelope<D> = { success: true, data, ...(options.message && { message: options.message }) };
  ctx.body = body;
}

export function created<D>(ctx: Answering<D>, data: NoInfer<D>, message?: string): void {
  ok(ctx, data, { status: 201, ...(message && { message }) });
}

/** An item's revision is its ETag (strong, quoted): what an editor sends back as If-Match. */
export const etagOf = (item: { revision: number }) => `"${item.revision}"`;

/** One admin item, with its ETag, so the editor can make its next write conditional on this revision. */
export function okItem<D extends { revision: number }>(
  ctx: Answering<D>,
  item: NoInfer<D>,
  options: { status?: number; message?: string } = {},
): void {
  ctx.set('ETag', etagOf(item));
  ok(ctx, item, options);
}

export function okList<D extends ListAnswer<C>, C extends string>(
  ctx: Answering<D>,
  collection: C,
  items: NoInfer<D[C]>,
  pagination: Pagination,
): void {
  // The list and its pagination are D's by construction: C names D's list.
  ok(ctx, { [collection]: items, pagination } as D);
}

export function pagination(page: number, limit: number, total: number): Pagination {
  return { page, limit, total, pages: Math.max(1, Math.ceil(total / limit)) };
}

/**
 * A page of a list as DESIGN.md's `data` has it: `{ <collection>: [...], pagination }`. For handlers
 * of several lists at once (crud-routes.ts), whose list name is a type parameter: ok(ctx, pageOf(…)).
 */
export function pageOf<C extends string, T>(
  collection: C,
  result: { items: T[]; total: number },
  query: { page: number; limit: number },
): ListData<C, T> {
  // A computed key's object is typed { [x: string]: T[] }; it is the one key C.
  const list = { [collection]: result.items } as { [K in C]: T[] };
  return { ...list, pagination: pagination(query.page, query.limit, result.total) };
}

/** A page of a list in the envelope of DESIGN.md: `data: { <collection>: [...], pagination }`. */
export function okPage<D extends ListAnswer<C>, C extends string>(
  ctx: Answering<D>,
  collection: C,
  result: { items: NoInfer<D[C]>; total: number },
  query: { page: number; limit: number },
): void {
  okList(ctx, collection, result.items, pagination(query.page, query.limit, result.total));
}
