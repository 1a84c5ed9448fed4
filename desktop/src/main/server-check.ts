/**
 * Whether an address is one of the organisation's servers: the contract's address rule first (https,
 * or http on this computer), then GET <origin>/api/health must answer 200 with {"status":"ok"} within
 * five seconds. Refusals are sentences the setup screen shows as they are.
 */
import { parseServerAddress, type SetServerResult } from '../bridge/contract';

export const HEALTH_PATH = '/api/health';
export const HEALTH_TIMEOUT_MS = 5_000;
/** A health answer is a few bytes; a larger body is not the server we are looking for. */
const MAX_HEALTH_BODY_CHARS = 10_000;

export const SERVER_REFUSALS = {
  unreachable: 'No Global Nutrition Network server answered at this address.',
  timeout: 'The server at this address did not answer within 5 seconds. Check the address and your connection.',
  redirected: 'This address forwards to another one. Enter the address of the server itself.',
  notReady: 'The server answered but is not ready (its database does not respond). Try again in a few minutes.',
  notOurServer: 'The server at this address is not a Global Nutrition Network server.',
} as const;

/** Electron's net.fetch in the app (it honours the system proxy and certificates); Node's fetch in tests. */
export type Fetch = (url: string, init: RequestInit) => Promise<Response>;

async function fetchHealth(origin: string, fetch: Fetch, timeoutMs: number): Promise<SetServerResult> {
  const abort = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    abort.abort();
  }, timeoutMs);
  try {
    const response = await fetch(`${origin}${HEALTH_PATH}`, {
      method: 'GET',
      headers: { Accept: 'application/json' },
      credentials: 'omit',
      // A redirect would leave the CSP's connect-src pointing at the wrong origin.
      redirect: 'manual',
      signal: abort.signal,
    });
    if (response.status !== 200) {
      // The body of a refusal is not read: it is cancelled, so the request does not stay open.
      await response.body?.cancel().catch(() => undefined);
      if (response.type === 'opaqueredirect' || (response.status >= 300 && response.status < 400)) {
        return { ok: false, message: SERVER_REFUSALS.redirected };
      }
      return { ok: false, message: response.status === 503 ? SERVER_REFUSALS.notReady : SERVER_REFUSALS.notOurServer };
    }
    const text = await response.text();
    return isHealthyBody(text) ? { ok: true, serverUrl: origin } : { ok: false, message: SERVER_REFUSALS.notOurServer };
  } catch {
    return { ok: false, message: timedOut ? SERVER_REFUSALS.timeout : SERVER_REFUSALS.unreachable };
  } finally {
    clearTimeout(timer);
  }
}

function isHealthyBody(text: string): boolean {
  if (text.length > MAX_HEALTH_BODY_CHARS) return false;
  try {
    const body: unknown = JSON.parse(text);
    return typeof body === 'object' && body !== null && (body as { status?: unknown }).status === 'ok';
  } catch {
    return false;
  }
}

/** The normalised origin when the address passes the rule and the health check, else the reason. */
export async function checkServerAddress(
  input: string,
  deps: { fetch: Fetch; timeoutMs?: number },
): Promise<SetServerResult> {
  const address = parseServerAddress(input);
  if (!address.ok) return address;
  return fetchHealth(address.origin, deps.fetch, deps.timeoutMs ?? HEALTH_TIMEOUT_MS);
}
