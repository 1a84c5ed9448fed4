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
