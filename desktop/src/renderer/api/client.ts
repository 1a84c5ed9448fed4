/** The shared typed client, pointed at the platform's API and carrying the session's token. */
import { createApiClient } from '@npo/shared';
import { platform } from '../platform';
import { getToken } from '../session/session-store';

export const api = createApiClient({ baseUrl: platform.apiBaseUrl, getToken });
