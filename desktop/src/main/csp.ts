/**
 * The console's Content-Security-Policy, from the configured server origin. Scripts, styles, fonts
 * and images come only from the packaged files; the only network peer is the organisation's server,
 * so a compromised renderer cannot send data anywhere else.
 */
import { parseServerAddress } from '../bridge/contract';

/** The electron-vite dev server in development: its origin, and the nonce Vite puts on inline tags. */
export interface DevServer {
  origin: string;
  nonce: string | null;
}

/** The origin itself when it is one the address rule accepts; anything else would widen the policy. */
function trustedServerOrigin(serverOrigin: string | null): string | null {
  if (!serverOrigin) return null;
  const parsed = parseServerAddress(serverOrigin);
  return parsed.ok && parsed.origin === serverOrigin ? serverOrigin : null;
}

export function buildContentSecurityPolicy(options: {
  serverOrigin: string | null;
  devServer?: DevServer | null;
}): string {
  const server = trustedServerOrigin(options.serverOrigin);
  const dev = options.devServer ?? null;
  // Vite's dev client and React Refresh arrive from the dev server, as inline tags carrying the
  // nonce, and keep a WebSocket to it for hot reload. None of this exists in a packaged build.
  const devSources = dev ? [dev.origin, ...(dev.nonce ? [`'nonce-${dev.nonce}'`] : [])] : [];
  const devConnect = dev ? [dev.origin, dev.origin.replace(/^http/, 'ws')] : [];
  const connect = [...(server ? [server] : []), ...devConnect];

  const directives: [string, string[]][] = [
    ['default-src', ["'none'"]],
    ['script-src', ["'self'", ...devSources]],
    ['style-src', ["'self'", ...devSources]],
    ['img-src', ["'self'", 'data:']],
    ['font-src', ["'self'", 'data:']],
    ['connect-src', connect.length > 0 ? connect : ["'none'"]],
    ['base-uri', ["'none'"]],
    ['form-action', ["'none'"]],
    ['frame-ancestors', ["'none'"]],
    ['object-src', ["'none'"]],
  ];
  return directives.map(([name, sources]) => `${name} ${sources.join(' ')}`).join('; ');
}

/**
 * In development the page comes from the Vite dev server, not from app://: the same policy is added
 * to its answers, so CSP mistakes show up while developing rather than in the packaged app.
 */

/** The part of an Electron Session this needs. */
export interface HeaderSession {
  webRequest: {
    onHeadersReceived(
      filter: { urls: string[] },
      listener: (
        details: { responseHeaders?: Record<string, string[]> },
        callback: (response: { responseHeaders?: Record<string, string | string[]> }) => void,
      ) => void,
    ): void;
  };
}

export function enforceCspOnDevServer(session: HeaderSession, devServerOrigin: string, policy: () => string): void {
  session.webRequest.onHeadersReceived({ urls: [`${devServerOrigin}/*`] }, (details, callback) => {
    callback({ responseHeaders: { ...details.responseHeaders, 'Content-Security-Policy': [policy()] } });
  });
}
