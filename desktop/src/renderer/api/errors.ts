/** What the user reads when a call fails: the server's field errors, else its message, else SPEC's fallback. */
import { ApiError } from '@npo/shared';

export function describeError(error: unknown, fallback: string): string[] {
  if (error instanceof ApiError) {
    if (error.errors.length > 0) return error.errors.map(({ field, message }) => `${field}: ${message}`);
    if (error.message && !isClientPlaceholder(error)) return [error.message];
  }
  return [fallback];
}

/** The shared client's own wording when an answer carried no envelope: the server said nothing useful. */
function isClientPlaceholder(error: ApiError): boolean {
  return error.message === `Request failed (${error.status})`;
}

export function isUnauthorized(error: unknown): boolean {
  return error instanceof ApiError && error.status === 401;
}
