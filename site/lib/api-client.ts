/** The shared API client for the browser: same origin, with the member's bearer token when there is one. */
import { createApiClient } from '@npo/shared';
import { readToken } from './session-storage';

export const api = createApiClient({ getToken: readToken });
