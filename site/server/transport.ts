/** What the web app needs to know of the connection a request came on. */
import type { IncomingMessage } from 'node:http';
import type { TLSSocket } from 'node:tls';

export const HSTS = 'max-age=31536000; includeSubDomains';

/** Koa's ctx.secure from the bare request: HTTPS here, or X-Forwarded-Proto: https when TRUST_PROXY allows it. */
export function isSecure(req: IncomingMessage, trustProxy: boolean): boolean {
  if ((req.socket as TLSSocket).encrypted) return true;
  const forwarded = trustProxy ? req.headers['x-forwarded-proto'] : undefined;
  return typeof forwarded === 'string' && forwarded.split(',')[0]!.trim().toLowerCase() === 'https';
}
