/** The shared API client for the browser: same origin, with the member's bearer token when there is one. */
import { createApiClient, pathOf, ROUTES } from '@npo/shared';
import { readToken } from './session-storage';

export const api = createApiClient({ getToken: readToken });

/**
 * Signs out `token` on the server, with keepalive: the request is still sent when the page is left
 * right after (the sign-out has already cleared the token the client would read).
 */
export function endSession(token: string): void {
  const logout = ROUTES.auth.logout;
  fetch(pathOf(logout, {}), {
    method: logout.method.toUpperCase(),
    headers: { Authorization: `Bearer ${token}` },
    keepalive: true,
  }).catch(() => undefined);
}
