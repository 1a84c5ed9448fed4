/**
 * If-Match on the admin routes that change or delete one item (optimistic concurrency, see
 * db/revisions.ts): `"7"`, `W/"7"`, a comma list of those, or `*`. Without the header a write keeps
 * SPEC's last-writer-wins behaviour; a header that names no revision is a 400 before anything is written.
 */
import type { Middleware } from 'koa';
import type { ExpectedRevision } from '../db/revisions.js';
import { malformedIfMatch } from '../errors.js';

/**
 * The ETags the server sends are revisions, `"<positive integer>"`. The weak form is accepted too:
 * a client may echo the ETag an intermediary weakened. Nine digits stay inside a 32-bit integer column.
 */
const ENTITY_TAG = /^(?:W\/)?"([1-9]\d{0,8})"$/;

/** The revisions an If-Match header accepts; undefined when there is no header. Throws the 400 when malformed. */
export function parseIfMatch(header: string | undefined): ExpectedRevision | undefined {
  if (header === undefined) return undefined;
  if (header.trim() === '*') return '*';
  const revisions = header.split(',').map((tag) => ENTITY_TAG.exec(tag.trim())?.[1]);
  if (revisions.some((revision) => revision === undefined)) throw malformedIfMatch();
  return revisions.map(Number);
}

/** After validate(): adds `expectedRevision` to the parsed input (routes whose table entry has `ifMatch`). */
export const precondition: Middleware = async (ctx, next) => {
  const expectedRevision = parseIfMatch(ctx.headers['if-match']);
  ctx.state.input = { ...(ctx.state as { input: object }).input, expectedRevision };
  await next();
};
