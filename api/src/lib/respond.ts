/** Writers of the success envelope. */
import type { Pagination, SuccessEnvelope } from '@npo/shared';
import type { Context } from 'koa';

export function ok<T>(ctx: Context, data: T, options: { status?: number; message?: string } = {}): void {
  ctx.status = options.status ?? 200;
  const body: SuccessEnvelope<T> = { success: true, data, ...(options.message && { message: options.message }) };
  ctx.body = body;
}

export function created<T>(ctx: Context, data: T, message?: string): void {
  ok(ctx, data, { status: 201, ...(message && { message }) });
}

/** An item's revision is its ETag (strong, quoted): what an editor sends back as If-Match. */
export const etagOf = (item: { revision: number }) => `"${item.revision}"`;

/** One admin item, with its ETag, so the editor can make its next write conditional on this revision. */
export function okItem<T extends { revision: number }>(
  ctx: Context,
  item: T,
  options: { status?: number; message?: string } = {},
): void {
  ctx.set('ETag', etagOf(item));
  ok(ctx, item, options);
}

export function okList<T>(ctx: Context, collection: string, items: T[], pagination: Pagination): void {
  ok(ctx, { [collection]: items, pagination });
}

export function pagination(page: number, limit: number, total: number): Pagination {
  return { page, limit, total, pages: Math.max(1, Math.ceil(total / limit)) };
}

/** A page of a list in the envelope of DESIGN.md: `data: { <collection>: [...], pagination }`. */
export function okPage<T>(
  ctx: Context,
  collection: string,
  result: { items: T[]; total: number },
  query: { page: number; limit: number },
): void {
  okList(ctx, collection, result.items, pagination(query.page, query.limit, result.total));
}
