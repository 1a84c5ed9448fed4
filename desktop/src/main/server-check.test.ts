import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkServerAddress, HEALTH_PATH, SERVER_REFUSALS, type Fetch } from './server-check';

/** What the local test server answers on /api/health, switched per test. */
let answer: (request: IncomingMessage, response: ServerResponse) => void;
const requests: string[] = [];
let server: Server;
let origin: string;

beforeAll(async () => {
  server = createServer((request, response) => {
    requests.push(`${request.method} ${request.url}`);
    answer(request, response);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

function json(status: number, body: unknown) {
  return (_request: IncomingMessage, response: ServerResponse) => {
    response.writeHead(status, { 'Content-Type': 'application/json' });
    response.end(JSON.stringify(body));
  };
}

// Node's fetch stands in for Electron's net.fetch: same signature, real HTTP.
const realFetch: Fetch = (url, init) => fetch(url, init);

describe('checkServerAddress against a real local server', () => {
  it('accepts a server whose health answers 200 {"status":"ok"}, as a normalised origin', async () => {
    answer = json(200, { status: 'ok' });
    requests.length = 0;
    expect(await checkServerAddress(`  ${origin}/  `, { fetch: realFetch })).toEqual({ ok: true, serverUrl: origin });
    expect(requests).toEqual([`GET ${HEALTH_PATH}`]);
  });

  it('accepts http://localhost with a port (http is allowed on this computer)', async () => {
    answer = json(200, { status: 'ok' });
    const port = new URL(origin).port;
    expect(await checkServerAddress(`http://localhost:${port}`, { fetch: realFetch })).toEqual({
      ok: true,
      serverUrl: `http://localhost:${port}`,
    });
  });

  it('refuses a non-200 answer', async () => {
    answer = json(404, { success: false, message: 'Not found' });
    expect(await checkServerAddress(origin, { fetch: realFetch })).toEqual({
      ok: false,
      message: SERVER_REFUSALS.notOurServer,
    });
    answer = json(503, { status: 'error' });
    expect(await checkServerAddress(origin, { fetch: realFetch })).toEqual({
      ok: false,
      message: SERVER_REFUSALS.notReady,
    });
  });

  it('reads or cancels every answer body, so no request stays open', async () => {
    const bodies: { status: number; settled: () => boolean }[] = [];
    const trackingFetch: Fetch = async (url, init) => {
      const response = await fetch(url, init);
      let cancelled = false;
      const reader = response.body?.getReader();
      const body = new ReadableStream<Uint8Array>({
        async pull(controller) {
          const chunk = await reader!.read();
          if (chunk.done) controller.close();
          else controller.enqueue(chunk.value);
        },
        cancel: async () => {
          cancelled = true;
          await reader?.cancel();
        },
      });
      const tracked = new Response(body, { status: response.status, headers: response.headers });
      bodies.push({ status: response.status, settled: () => cancelled || tracked.bodyUsed });
      return tracked;
    };
    for (const [status, payload] of [
      [200, { status: 'ok' }],
      [404, { message: 'Not found' }],
      [503, { status: 'error' }],
      [500, { message: 'boom' }],
    ] as const) {
      answer = json(status, payload);
      await checkServerAddress(origin, { fetch: trackingFetch });
    }
    expect(bodies.map((body) => [body.status, body.settled()])).toEqual([
      [200, true],
      [404, true],
      [503, true],
      [500, true],
    ]);
  });

  it('refuses a 200 whose body is not {"status":"ok"}', async () => {
    for (const body of [{ status: 'error' }, { ok: true }, 'ok', null, [{ status: 'ok' }]]) {
      answer = json(200, body);
      expect(await checkServerAddress(origin, { fetch: realFetch }), JSON.stringify(body)).toEqual({
        ok: false,
        message: SERVER_REFUSALS.notOurServer,
      });
    }
    answer = (_request, response) => {
      response.writeHead(200, { 'Content-Type': 'text/html' });
      response.end('<html>Welcome to nginx</html>');
    };
    expect(await checkServerAddress(origin, { fetch: realFetch })).toMatchObject({ ok: false });
  });

  it('refuses a redirect (the CSP would allow the wrong origin)', async () => {
    answer = (_request, response) => {
      response.writeHead(301, { Location: 'https://elsewhere.example/api/health' });
      response.end();
    };
    expect(await checkServerAddress(origin, { fetch: realFetch })).toEqual({
      ok: false,
      message: SERVER_REFUSALS.redirected,
    });
  });

  it('gives up after the timeout', async () => {
    answer = () => {
      /* never answers */
    };
    const started = Date.now();
    expect(await checkServerAddress(origin, { fetch: realFetch, timeoutMs: 300 })).toEqual({
      ok: false,
      message: SERVER_REFUSALS.timeout,
    });
    expect(Date.now() - started).toBeLessThan(3_000);
  });

  it('says so when nothing listens at the address', async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise((resolve) => closed.close(resolve));
    expect(await checkServerAddress(`http://127.0.0.1:${port}`, { fetch: realFetch })).toEqual({
      ok: false,
      message: 'No Global Nutrition Network server answered at this address.',
    });
  });
});

describe('checkServerAddress refuses before any request', () => {
  const neverCalled: Fetch = () => {
    throw new Error('fetch must not be called');
  };

  it.each([
    ['http://nutrition.example.org', 'https://'],
    ['ftp://nutrition.example.org', 'https://'],
    ['https://user:pw@nutrition.example.org', 'without a user name'],
    ['https://nutrition.example.org/?x=1', 'without a user name'],
    ['https://nutrition.example.org/#top', 'without a user name'],
    ['', 'Enter the server address'],
    ['https://exa mple.org', 'not a valid address'],
  ])('%s', async (input, message) => {
    const result = await checkServerAddress(input, { fetch: neverCalled });
    expect(result.ok).toBe(false);
    expect(!result.ok && result.message).toContain(message);
  });
});
