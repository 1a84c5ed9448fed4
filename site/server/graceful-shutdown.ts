/**
 * Stopping without dropping a request: the listener closes, every answer given from then on carries
 * `Connection: close` (so a keep-alive client opens a new connection elsewhere instead of reusing
 * this one), idle keep-alive connections are closed after a short grace, and a time limit cuts the rest.
 */
import {
  createServer,
  ServerResponse,
  type OutgoingHttpHeader,
  type OutgoingHttpHeaders,
  type Server,
} from 'node:http';
import { Server as NetServer } from 'node:net';

/**
 * A client may be sending a request on an idle keep-alive connection at the very moment it is closed:
 * that request fails with a reset. Under traffic nearly every connection is reused within this grace,
 * answered with `Connection: close` and closed cleanly; only connections idle all along are cut.
 */
export const IDLE_GRACE_MS = 1_000;
/** How often, after the grace, connections that have become idle are closed. */
const IDLE_SWEEP_MS = 20;
/**
 * How long an idle keep-alive connection stays open (node's default is 5 s). A reverse proxy keeps
 * its idle connections to the app longer than that (nginx and cloud load balancers 60 s, Caddy 2 min)
 * and now and then sends a request down one the app has just closed: the visitor gets a 502. So the
 * app outlasts the proxy, which must close first: docs/operations.md and deploy/Caddyfile say below 75 s.
 */
export const KEEP_ALIVE_TIMEOUT_MS = 75_000;

/**
 * How often node closes connections whose request headers are overdue (its default is 30 s): under
 * pressure the connection guard shortens the headers' time to 5 s (connection-guard.ts).
 */
export const CONNECTIONS_CHECK_MS = 1_000;

type Headers = OutgoingHttpHeaders | OutgoingHttpHeader[];

export interface Drain {
  /** Resolves true when every request was answered, false when the time limit cut some. */
  stop(timeoutMs: number): Promise<boolean>;
}

/**
 * A node:http server whose answers carry `Connection: close` once its drain has begun, whether they
 * started before the drain or after it. The answer class itself checks, when its headers go out
 * (writeHead, which node's implicit headers call too): no per-answer Set entry or listener, which
 * under load kept every answer of a batch alive across young-generation GCs (--trace-gc: ~380 kB
 * promoted per scavenge instead of ~3 kB, +30 % CPU per cached API answer, issue 20).
 */
export function drainableServer(): { server: Server; drain: Drain } {
  let draining = false;
  class DrainAwareResponse extends ServerResponse {
    override writeHead(statusCode: number, statusMessage?: string, headers?: Headers): this;
    override writeHead(statusCode: number, headers?: Headers): this;
    override writeHead(statusCode: number, ...rest: [(string | Headers)?, Headers?]): this {
      if (draining && !this.headersSent) this.setHeader('Connection', 'close');
      return super.writeHead(statusCode, ...(rest as [string?, Headers?]));
    }
  }
  const server = createServer({
    ServerResponse: DrainAwareResponse,
    keepAliveTimeout: KEEP_ALIVE_TIMEOUT_MS,
    connectionsCheckingInterval: CONNECTIONS_CHECK_MS,
  });
  return {
    server,
    drain: drainOf(server, () => {
      draining = true;
    }),
  };
}

function drainOf(server: Server, startDraining: () => void): Drain {
  return {
    stop(timeoutMs) {
      startDraining();
      return new Promise<boolean>((resolve) => {
        let sweep: NodeJS.Timeout | undefined;
        const limit = setTimeout(() => {
          clearInterval(sweep);
          server.closeAllConnections();
          resolve(false);
        }, timeoutMs);
        // After the grace, a connection is closed as soon as it is idle: an answer whose headers went
        // out with keep-alive before the drain leaves its connection idle once sent. A sweep, not a
        // 'finish' listener on every response: with that listener, measured under load (--trace-gc),
        // each young-generation GC moved ~3 MB of answers into the old space instead of ~0.5 MB.
        const grace = setTimeout(() => {
          server.closeIdleConnections();
          sweep = setInterval(() => server.closeIdleConnections(), IDLE_SWEEP_MS);
        }, IDLE_GRACE_MS);
        // net's close stops accepting; http's would also cut idle keep-alive connections at once.
        NetServer.prototype.close.call(server, () => {
          clearTimeout(limit);
          clearTimeout(grace);
          clearInterval(sweep);
          resolve(true);
        });
      });
    },
  };
}
