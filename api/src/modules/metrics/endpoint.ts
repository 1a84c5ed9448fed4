/**
 * GET /api/metrics: the Prometheus text format, for a scraper on this host or one holding
 * METRICS_TOKEN. Anyone else gets the API's ordinary 404, as if the endpoint did not exist.
 */
import { timingSafeEqual } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Metrics } from './metrics.js';

export const METRICS_PATH = '/api/metrics';

const LOOPBACK = /^(127\.\d+\.\d+\.\d+|::1|::ffff:127\.\d+\.\d+\.\d+)$/;

/** Headers a proxy may add to say whom it forwards for (X-Real-IP is nginx's habit, issue 52 item 13). */
const PROXY_HEADERS = ['x-forwarded-for', 'forwarded', 'x-real-ip', 'x-forwarded-host', 'x-forwarded-proto'];

/**
 * The socket's own address, never a forwarded one: behind a reverse proxy on this host every visitor
 * arrives over loopback, so a request that carries any proxy header came from outside, and with
 * TRUST_PROXY set (a proxy in front, which may add none of them) no request counts as local.
 */
function fromThisHost(req: IncomingMessage, behindProxy: boolean): boolean {
  if (behindProxy || PROXY_HEADERS.some((name) => req.headers[name] !== undefined)) return false;
  return LOOPBACK.test(req.socket.remoteAddress ?? '');
}

/** Compared in constant time, so the answer's timing says nothing about how much of a guess was right. */
function holdsToken(req: IncomingMessage, token: string | undefined): boolean {
  if (!token) return false;
  const match = /^Bearer (\S+)$/i.exec(req.headers.authorization ?? '');
  if (!match) return false;
  const given = Buffer.from(match[1]!);
  const expected = Buffer.from(token);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

export function mayReadMetrics(req: IncomingMessage, token: string | undefined, behindProxy: boolean): boolean {
  return fromThisHost(req, behindProxy) || holdsToken(req, token);
}

export function isMetricsRequest(req: IncomingMessage): boolean {
  return (req.method === 'GET' || req.method === 'HEAD') && req.url === METRICS_PATH;
}

export async function sendMetrics(req: IncomingMessage, res: ServerResponse, metrics: Metrics): Promise<void> {
  const { contentType, text } = await metrics.render();
  const body = Buffer.from(text);
  res.writeHead(200, {
    'Content-Type': contentType,
    'Content-Length': body.length,
    'Cache-Control': 'no-store',
    'X-Content-Type-Options': 'nosniff',
  });
  res.end(req.method === 'HEAD' ? undefined : body);
}
