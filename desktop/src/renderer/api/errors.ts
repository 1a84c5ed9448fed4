/**
 * What the user reads when a call fails (SPEC 8): the server's field errors as 'field: message'
 * lines, else its message (failureText: data.data.message, then data.message), else SPEC's fallback.
 */
import { ApiError, failureText } from '@npo/shared';

export function describeError(error: unknown, fallback: string): string[] {
  if (error instanceof ApiError && error.errors.length > 0) {
    return error.errors.map(({ field, message }) => `${field}: ${message}`);
  }
  return [failureText(error, fallback)];
}

export function isUnauthorized(error: unknown): boolean {
  return error instanceof ApiError && error.status === 401;
}
