/** Every error the API answers with: an HTTP status and a stable code. */
import type { FieldError } from '@npo/shared';
import { etagOf } from './lib/respond.js';

export class AppError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly errors?: FieldError[],
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
    this.name = 'AppError';
  }
}

export const validationError = (errors: FieldError[], message = errors[0]?.message ?? 'Validation failed') =>
  new AppError(400, 'validation_failed', message, errors);
export const unauthorized = (message = 'Authentication required') => new AppError(401, 'unauthorized', message);
export const forbidden = (message = "You don't have permission to do this.") => new AppError(403, 'forbidden', message);
export const notFound = (what = 'Resource') => new AppError(404, 'not_found', `${what} not found`);
export const conflict = (message: string) => new AppError(409, 'conflict', message);

export const EDIT_CONFLICT = 'Someone else changed this item while you were editing it.';
export const IF_MATCH_FORMAT = 'If-Match must be the item\'s ETag, e.g. "3"';

/** An If-Match precondition failed: the answer carries the item as it is now, for the editor to compare. */
export class EditConflictError extends AppError {
  constructor(readonly current: { revision: number }) {
    super(409, 'edit_conflict', EDIT_CONFLICT, undefined, { ETag: etagOf(current) });
    this.name = 'EditConflictError';
  }
}

export const editConflict = (current: { revision: number }) => new EditConflictError(current);

export const PROOF_OF_WORK_MESSAGE =
  'The site is receiving many messages right now: solve the challenge and send again with the Proof-Of-Work header.';

/** 428: past the contact form's site-wide rate a message needs a solved challenge (lib/proof-of-work.ts). */
export class ProofOfWorkRequiredError extends AppError {
  constructor(readonly challenge: unknown) {
    super(428, 'proof_of_work_required', PROOF_OF_WORK_MESSAGE);
  }
}
export const malformedIfMatch = () => validationError([{ field: 'If-Match', message: IF_MATCH_FORMAT }]);
export const methodNotAllowed = (allow: string) =>
  new AppError(405, 'method_not_allowed', 'Method not allowed', undefined, { Allow: allow });
export const malformedUrl = () => new AppError(400, 'malformed_url', 'Malformed URL');
export const unsupportedEncoding = () =>
  new AppError(415, 'unsupported_encoding', 'Unsupported Content-Encoding: send gzip, deflate, br or none');
export const undecodableBody = () =>
  new AppError(400, 'malformed_body', 'The request body could not be decoded with its Content-Encoding');
/** Deeper than any body of this API (issue 52 item 7): refused at the body parser. */
export const MAX_JSON_DEPTH = 32;
export const tooDeeplyNested = () =>
  new AppError(400, 'body_too_deep', `The request body is nested too deeply (at most ${MAX_JSON_DEPTH} levels)`);
export const payloadTooLarge = () => new AppError(413, 'payload_too_large', 'Request body is too large');
export const tooManyRequests = (message: string, retryAfterSeconds: number) =>
  new AppError(429, 'too_many_requests', message, undefined, {
    'Retry-After': String(Math.max(1, Math.ceil(retryAfterSeconds))),
  });

/** The value, or a 404 naming what was looked for. */
export function found<T>(value: T | undefined | null, what: string): T {
  if (value === undefined || value === null) throw notFound(what);
  return value;
}

export const STORAGE_FULL =
  "Your change was not saved because the server's storage is full. Please try again later or tell the site administrator.";
export const UNAVAILABLE_FOR_WRITE =
  'The service is temporarily unavailable, and nothing was saved. Please try again in a moment.';
export const UNAVAILABLE_FOR_READ = 'The service is temporarily unavailable. Please try again in a moment.';
/** Long enough for a restarting database or a released lock, short enough for a person to retry. */
export const UNAVAILABLE_RETRY_AFTER_SECONDS = 5;

export const storageFull = () => new AppError(507, 'storage_full', STORAGE_FULL);
/** A write is told that nothing was saved; a read only that it can be tried again. */
export const serviceUnavailable = (forWrite: boolean) =>
  new AppError(503, 'service_unavailable', forWrite ? UNAVAILABLE_FOR_WRITE : UNAVAILABLE_FOR_READ, undefined, {
    'Retry-After': String(UNAVAILABLE_RETRY_AFTER_SECONDS),
  });

export const IDEMPOTENCY_KEY_FORMAT = 'Idempotency-Key must be 1 to 255 printable ASCII characters, e.g. a UUID.';
export const IDEMPOTENCY_KEY_REUSED =
  'This Idempotency-Key was already used for a different request (another method, path or body). Use a new key for a new request.';
export const IDEMPOTENCY_KEY_IN_USE =
  'A request with this Idempotency-Key is still being processed. Try again in a moment to get its answer.';

export const invalidIdempotencyKey = () =>
  validationError([{ field: 'Idempotency-Key', message: IDEMPOTENCY_KEY_FORMAT }]);
export const idempotencyKeyReused = () => new AppError(422, 'idempotency_key_reused', IDEMPOTENCY_KEY_REUSED);
export const idempotencyKeyInUse = () =>
  new AppError(409, 'idempotency_key_in_use', IDEMPOTENCY_KEY_IN_USE, undefined, { 'Retry-After': '1' });
