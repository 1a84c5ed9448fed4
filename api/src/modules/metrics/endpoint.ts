/**
 * GET /api/metrics: the Prometheus text format, for a scraper on this host or one holding
 * METRICS_TOKEN. Anyone else gets the API's ordinary 404, as if the endpoint did not exist.
 */
import { timingSafeEqual } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Metrics } from './metrics.js';

export const METRICS_PATH = '/api/metrics';

const LOOPBACK = /^(127\.\d+\.\d+\.\d+|::1|::ffff:127\.\d+\.\d+\.\d+)$/;

/**
 * The socket's own address, never X-Forwarded-For: behind a reverse proxy on this host every
 * visitor arrives over loopback, so a request that carries forwarding headers came from outside.
 */
function fromThisHost(req: IncomingMessage): boolean {
  const forwarded = req.headers['x-forwarded-for'] !== undefined || req.headers.forwarded !== undefined;
  return !forwarded && LOOPBACK.test(req.socket.remoteAddress ?? '');
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

export function mayReadMetrics(req: IncomingMessage, token: string | undefined): boolean {
  return fromThisHost(req) || holdsToken(req, token);
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
