/**
 * Calls to the API. No page needs the client to render or hydrate (the server render brings the
 * content), so it loads on the first call rather than with the page.
 */
import type { ApiClient } from '@npo/shared';

export async function withApi<T>(call: (api: ApiClient) => Promise<T>): Promise<T> {
  const { api } = await import('./api-client');
  return call(api);
}

/** The HTTP status of a failed call (an ApiError), if it got an answer. */
export function statusOf(error: unknown): number | undefined {
  const status = (error as { status?: unknown } | null)?.status;
  return typeof status === 'number' && status > 0 ? status : undefined;
}

/**
 * The server's message for a refused call (4xx: validation, conflict, throttling...), else `fallback`:
 * a server failure or an unreachable server has nothing more useful to say than SPEC's text.
 */
export function messageOf(error: unknown, fallback: string): string {
  const status = statusOf(error);
  return status !== undefined && status >= 400 && status < 500 && error instanceof Error && error.message
    ? error.message
    : fallback;
}
