/**
 * The shared typed client, pointed at the platform's API and carrying the session's token; every
 * answer (or its absence) tells the console whether the server can be reached.
 */
import { createApiClient } from '@npo/shared';
import { trackedFetch } from '../offline/connectivity';
import { platform } from '../platform';
import { getToken } from '../session/session-store';

export const api = createApiClient({ baseUrl: platform.apiBaseUrl, getToken, fetch: trackedFetch });
