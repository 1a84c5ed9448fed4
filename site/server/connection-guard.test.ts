/**
 * Issue 19, no stranger can lock everyone out by holding connections: the guard's limits on a real
 * node:http server with small limits, then the built server itself, started with a small descriptor
 * limit, against the attack that locked every visitor out (idle connections by the thousand).
 */
import { createServer, request as httpRequest, type Server } from 'node:http';
import { connect, type AddressInfo, type Socket } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import {
  BUILT_MAIN,
  builtServerTest,
  killServer,
  spawnBuiltServer,
  waitForHealth,
  waitUntil,
  type ServerProcess,
} from '../../api/src/test-support/built-server.js';
import { createTestDatabase, type TestDatabase } from '../../api/src/test-support/databases.js';
import {
  connectionLimits,
  guardConnections,
  HEADERS_TIMEOUT_MS,
  REQUEST_TIMEOUT_MS,
  MAX_CONNECTIONS,
  MAX_PER_ADDRESS,
  openFilesLimit,
  RESERVED_DESCRIPTORS,
  SILENT_GRACE_MS,
  type ConnectionGuardOptions,
  type GuardCounts,
} from './connection-guard.js';

interface Held {
  socket: Socket;
  /** Whether the server has closed it. */
  closed: () => boolean;
}

/** A connection from `from` (a loopback address of Linux's 127/8) to `port`, held open. */
function hold(port: number, from: string, firstBytes?: string): Promise<Held> {
  return new Promise((resolve, reject) => {
    let closed = false;
    const socket = connect({ port, host: '127.0.0.1', localAddress: from });
    socket.on('close', () => (closed = true));
    socket.on('data', () => {});
    socket.once('error', (error) => (closed ? undefined : reject(error)));
    socket.once('connect', () => {
      socket.on('error', () => {});
      if (firstBytes) socket.write(firstBytes);
      resolve({ socket, closed: () => closed });
    });
  });
}

function holdMany(port: number, from: string, count: number, firstBytes?: string): Promise<Held[]> {
  return Promise.all(Array.from({ length: count }, () => hold(port, from, firstBytes)));
}

/** A GET answered on a fresh connection from `from`: its status, or the error that stopped it. */
function visit(port: number, from: string, path = '/'): Promise<number | string> {
  return new Promise((resolve) => {
    const request = httpRequest({ host: '127.0.0.1', port, path, localAddress: from, agent: false }, (res) => {
      res.resume();
      res.on('end', () => resolve(res.statusCode ?? 0));
    });
    request.on('error', (error: NodeJS.ErrnoException) => resolve(error.code ?? error.message));
    request.end();
  });
}

/** Polls an asynchronous condition until it holds. */
async function eventually(what: string, holds: () => Promise<boolean>, timeoutMs = 5_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await holds())) {
    if (Date.now() > deadline) throw new Error(`${what}: not within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

async function until(what: string, holds: () => boolean, timeoutMs = 5_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!holds()) {
    if (Date.now() > deadline) throw new Error(`${what}: not within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

const HALF_OPEN_REQUEST = 'GET / HTTP/1.1\r\nHost: x\r\n';
/** Headers of a POST whose body of 100,000 bytes has only begun to arrive (issue 52). */
const SLOW_BODY_REQUEST =
  'POST /api/contact-messages HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 100000\r\n\r\n{';

/** Sends one more byte of the body every `everyMs` until the connection closes. */
function trickle(connection: Held, everyMs: number): void {
  const timer = setInterval(() => {
    if (connection.closed()) clearInterval(timer);
    else connection.socket.write(' ');
  }, everyMs);
  connection.socket.once('close', () => clearInterval(timer));
}

/** What the server wrote back on `connection`, as text. */
function answerOf(connection: Held): () => string {
  let text = '';
  connection.socket.on('data', (chunk: Buffer) => (text += chunk.toString()));
  return () => text;
}

describe('the limits for a number of open descriptors', () => {
  it('keep descriptors for the database, bound the memory, cap one address at a quarter and at most 256', () => {
    expect(connectionLimits(5_000)).toEqual({
      max: 5_000 - RESERVED_DESCRIPTORS,
      highWater: Math.floor((5_000 - RESERVED_DESCRIPTORS) * 0.9),
      perAddress: MAX_PER_ADDRESS,
    });
    // A container's usual limit: the room is bounded by memory, not by descriptors.
    expect(connectionLimits(1_048_576)).toEqual({ max: MAX_CONNECTIONS, highWater: 7_200, perAddress: 256 });
    expect(connectionLimits(1024)).toEqual({ max: 768, highWater: 691, perAddress: 192 });
    expect(connectionLimits(100).max).toBe(64);
  });

  it('read the soft limit from /proc/self/limits, with a fallback where it cannot be read', () => {
    const limits = (soft: string) =>
      `Limit                     Soft Limit           Hard Limit           Units     \n` +
      `Max processes             95541                95541                processes \n` +
      `Max open files            ${soft}                20000                files     \n`;
    expect(openFilesLimit(limits('4096'))).toBe(4096);
    expect(openFilesLimit(limits('unlimited'))).toBe(1 << 20);
    expect(openFilesLimit(limits('lots'))).toBe(1024);
    expect(openFilesLimit('')).toBe(1024);
    expect(openFilesLimit()).toBeGreaterThan(0);
  });
});

describe('the connection guard on a node:http server', () => {
  let server: Server | undefined;
  let held: Held[] = [];
  afterEach(async () => {
    for (const { socket } of held) socket.destroy();
    held = [];
    server?.closeAllConnections();
    await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
    server = undefined;
  });

  let requestsSeen = 0;
  /** A server guarded with `options`, whose answer to /slow takes a second (a request under way), and to a POST waits for its body. */
  async function guarded(options: Partial<ConnectionGuardOptions>): Promise<number> {
    requestsSeen = 0;
    server = createServer({ connectionsCheckingInterval: 50 }, (request, response) => {
      requestsSeen += 1;
      const answer = () => setTimeout(() => response.end('ok'), request.url === '/slow' ? 1_000 : 0);
      // A body is read to its end before the answer, as the API's body parser does.
      if (request.method === 'POST') request.resume().once('end', answer);
      else answer();
    });
    guardConnections(server, {
      limits: { perAddress: 3, highWater: 8, max: 10 },
      behindProxy: false,
      report: () => {},
      ...options,
    });
    await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve));
    return (server.address() as AddressInfo).port;
  }

  it('past an address’s share closes its oldest connection not being answered, or refuses when all are', async () => {
    const port = await guarded({});
    for (let count = 0; count < 3; count++) held.push(await hold(port, '127.0.0.2'));
    const fourth = await hold(port, '127.0.0.2');
    await until('the oldest of the address closed', held[0]!.closed);
    expect([...held, fourth].map((connection) => connection.closed())).toEqual([true, false, false, false]);
    held.push(fourth);
    // Another address is not touched, and is served.
    expect(await visit(port, '127.0.0.3')).toBe(200);
    expect(held.filter((connection) => connection.closed())).toHaveLength(1);
    // Three requests being answered for one address: a fourth connection of its own is refused.
    const answers = [1, 2, 3].map(() => visit(port, '127.0.0.5', '/slow'));
    await until('three requests under way', () => requestsSeen === 4);
    expect(await visit(port, '127.0.0.5')).toBe('ECONNRESET');
    expect(await Promise.all(answers)).toEqual([200, 200, 200]);
    await eventually('the address served again', async () => (await visit(port, '127.0.0.5')) === 200);
  });

  it('counts nothing per address behind a trusted proxy: every connection is the proxy’s', async () => {
    const port = await guarded({ behindProxy: true });
    held = await holdMany(port, '127.0.0.2', 6);
    expect(await visit(port, '127.0.0.2')).toBe(200);
    expect(held.some((connection) => connection.closed())).toBe(false);
  });

  it('at its high water closes the idle connections, never a request under way nor the newcomer', async () => {
    let time = 0;
    const port = await guarded({ limits: { perAddress: 3, highWater: 8, max: 12 }, now: () => time });
    const underWay = visit(port, '127.0.0.9', '/slow');
    await until('the request under way', () => requestsSeen === 1);
    // Idle connections, most of them never sending a byte, one between two requests.
    const silent = [...(await holdMany(port, '127.0.0.2', 3)), ...(await holdMany(port, '127.0.0.3', 3))];
    const answered = await hold(port, '127.0.0.4', 'GET / HTTP/1.1\r\nHost: x\r\n\r\n');
    await until('the answer given', () => answered.socket.bytesRead > 0);
    held = [...silent, answered];
    expect(held.some((connection) => connection.closed())).toBe(false);
    // The ninth connection finds eight open: the one between requests is closed; those that have
    // sent nothing yet are spared, as the server may not have read what they sent with it.
    const first = await hold(port, '127.0.0.5');
    held.push(first);
    await until('the connection between requests closed', answered.closed);
    expect(silent.some((connection) => connection.closed())).toBe(false);
    // A grace later, the next sweep closes those still silent, and spares the newcomers.
    time += SILENT_GRACE_MS;
    const newcomers = [await hold(port, '127.0.0.6'), await hold(port, '127.0.0.6')];
    held.push(...newcomers);
    await until('the silent connections closed', () => [...silent, first].every((connection) => connection.closed()));
    expect(await underWay).toBe(200);
    expect(newcomers.some((connection) => connection.closed())).toBe(false);
  });

  it('sweeps once per half of the room left above the high water, and reports once a minute', async () => {
    let time = 0;
    const reports: GuardCounts[] = [];
    const serverSide: Socket[] = [];
    const port = await guarded({
      limits: { perAddress: 10, highWater: 8, max: 12 },
      now: () => time,
      report: (counts) => reports.push(counts),
    });
    server!.on('connection', (socket: Socket) => serverSide.push(socket));
    // Eight requests being sent, slowly: busy, so no sweep may close them.
    held = await holdMany(port, '127.0.0.2', 8, HALF_OPEN_REQUEST);
    await until('the server read them', () => serverSide.length === 8 && serverSide.every((s) => s.bytesRead > 0));
    const ninth = await hold(port, '127.0.0.3');
    const tenth = await hold(port, '127.0.0.3');
    held.push(ninth, tenth);
    // The ninth's sweep found only busy ones; the tenth comes before the next sweep is due.
    await until('the server took both', () => serverSide.length === 10);
    expect(held.some((connection) => connection.closed())).toBe(false);
    time += SILENT_GRACE_MS;
    held.push(await hold(port, '127.0.0.3'));
    await until('the second sweep', () => ninth.closed() && tenth.closed());
    expect(held.slice(0, 8).some((connection) => connection.closed())).toBe(false);
    expect(reports).toEqual([]);
    time += 60_000;
    held.push(await hold(port, '127.0.0.4'));
    await until('the report', () => reports.length === 1);
    expect(reports).toEqual([{ evicted: 0, overAddressLimit: 0, refused: 0, idleSweeps: 2 }]);
  });

  it('under pressure answers 408 to headers slower than its short timeout, until the pressure is gone', async () => {
    const serverSide: Socket[] = [];
    const port = await guarded({ limits: { perAddress: 10, highWater: 8, max: 20 }, pressedHeadersTimeoutMs: 300 });
    server!.on('connection', (socket: Socket) => serverSide.push(socket));
    const usualTimeout = server!.headersTimeout;
    const slow = await holdMany(port, '127.0.0.2', 8, HALF_OPEN_REQUEST);
    const answers = slow.map((connection) => {
      let text = '';
      connection.socket.on('data', (chunk: Buffer) => (text += chunk.toString()));
      return () => text;
    });
    held = [...slow];
    await until('the server read them', () => serverSide.length === 8 && serverSide.every((s) => s.bytesRead > 0));
    const allStarted = performance.now();
    // node finds expired headers on its checks (every 50 ms here), by when each began. Eight that
    // began on both sides of a check would be closed in two checks, and the first six closing end the
    // pressure (below half the high water), so the last two would keep the usual timeout: the test
    // makes the pressure only once all eight are older than the short timeout and a check.
    await until('all eight older than the short timeout', () => performance.now() - allStarted > 300 + 2 * 50);
    // Before the high water node's usual hold: nothing closes them, and the timeout is the usual one.
    expect(server!.headersTimeout).toBe(usualTimeout);
    expect(slow.some((connection) => connection.closed())).toBe(false);
    held.push(await hold(port, '127.0.0.3'));
    await until('the slow headers timed out', () => slow.every((connection) => connection.closed()));
    expect(answers.map((text) => text().split('\r\n')[0])).toEqual(Array(8).fill('HTTP/1.1 408 Request Timeout'));
    await until('the usual timeout back', () => server!.headersTimeout === usualTimeout);
    expect(usualTimeout).toBe(HEADERS_TIMEOUT_MS);
    expect(server!.requestTimeout).toBe(REQUEST_TIMEOUT_MS);
  });

  it('cuts a trickling body with 408 at the request timeout and closes its connection', async () => {
    expect(REQUEST_TIMEOUT_MS).toBeLessThanOrEqual(30_000);
    const port = await guarded({ requestTimeoutMs: 1_000 });
    const slow = await hold(port, '127.0.0.2', SLOW_BODY_REQUEST);
    const answer = answerOf(slow);
    held.push(slow);
    trickle(slow, 100);
    await until('the trickling body cut', () => slow.closed(), 10_000);
    expect(answer().split('\r\n')[0]).toBe('HTTP/1.1 408 Request Timeout');
    expect(requestsSeen).toBe(1);
  });

  it('with the room full closes the oldest connection still sending its body, to let a new one in', async () => {
    const port = await guarded({ limits: { perAddress: 5, highWater: 100, max: 10 } });
    for (const from of ['127.0.0.2', '127.0.0.3']) {
      for (let count = 0; count < 5; count++) held.push(await hold(port, from, SLOW_BODY_REQUEST));
    }
    await until('the server took every request', () => requestsSeen === 10);
    for (const connection of held) trickle(connection, 200);
    expect(await visit(port, '127.0.0.4')).toBe(200);
    expect(held[0]!.closed()).toBe(true);
    expect(held.slice(1).some((connection) => connection.closed())).toBe(false);
  });

  it('with the room full closes the oldest connection not being answered to let a new one in', async () => {
    const port = await guarded({ limits: { perAddress: 5, highWater: 100, max: 10 } });
    // One at a time, so the server takes them in this order: idle ones, then headers still coming.
    const order: [string, string?][] = [
      ...Array<[string]>(5).fill(['127.0.0.2']),
      ...Array<[string, string]>(5).fill(['127.0.0.3', HALF_OPEN_REQUEST]),
    ];
    for (const [from, firstBytes] of order) held.push(await hold(port, from, firstBytes));
    const newcomers: Held[] = [];
    for (let count = 1; count <= 2; count++) {
      newcomers.push(await hold(port, '127.0.0.4'));
      await until('the oldest closed', () => held.filter((connection) => connection.closed()).length === count);
    }
    expect(held.map((connection) => connection.closed())).toEqual([true, true, ...Array<boolean>(8).fill(false)]);
    expect(await visit(port, '127.0.0.4')).toBe(200);
    held.push(...newcomers);
  });

  it('refuses a new connection only when every one in the room is being answered', async () => {
    const port = await guarded({ limits: { perAddress: 5, highWater: 100, max: 4 } });
    const answers = ['127.0.0.2', '127.0.0.2', '127.0.0.3', '127.0.0.3'].map((from) => visit(port, from, '/slow'));
    await until('four requests under way', () => requestsSeen === 4);
    expect(await visit(port, '127.0.0.4')).toBe('ECONNRESET');
    expect(await Promise.all(answers)).toEqual([200, 200, 200, 200]);
    await eventually('room again', async () => (await visit(port, '127.0.0.4')) === 200);
  });
});

describe('the built server with 600 descriptors, against strangers holding connections', () => {
  let database: TestDatabase | undefined;
  let server: ServerProcess | undefined;
  let held: Held[] = [];
  afterEach(async () => {
    for (const { socket } of held) socket.destroy();
    held = [];
    if (server) await killServer(server);
    await database?.drop();
  });

  builtServerTest(
    'one address gets its share, idle connections from many are closed to make room, and every visitor is served',
    async () => {
      database = await createTestDatabase('sqlite');
      const limits = connectionLimits(600);
      server = await spawnBuiltServer(
        { NODE_ENV: 'production', JWT_SECRET: 'connection-guard-secret-long-enough-0123', DATA_DIR: database.dataDir },
        ['sh', '-c', `ulimit -n 600 && exec "${process.execPath}" "${BUILT_MAIN}"`],
      );
      await waitForHealth(server);
      const port = server.port;
      // One address holds its share: one more of its own makes its oldest idle one close.
      held = await holdMany(port, '127.0.0.2', limits.perAddress);
      const oneMore = await hold(port, '127.0.0.2');
      await until('one of the address’s connections closed', () => held.some((connection) => connection.closed()));
      expect(held.filter((connection) => connection.closed())).toHaveLength(1);
      expect(oneMore.closed()).toBe(false);
      held.push(oneMore);
      expect(await visit(port, '127.0.0.1')).toBe(200);
      // Many addresses, each within its share, holding idle connections twice the maximum in all: the
      // idle ones are closed as the high water is reached, and visitors are served throughout.
      for (let address = 3; address < 11; address++) {
        held.push(...(await holdMany(port, `127.0.0.${address}`, limits.perAddress)));
        expect(await visit(port, '127.0.0.1')).toBe(200);
      }
      expect(held.length).toBeGreaterThan(2 * limits.max);
      expect(held.slice(0, limits.perAddress + 1).every((connection) => connection.closed())).toBe(true);
      // Those younger than the sweep's grace are left to node's pressed headers timeout.
      await waitUntil(
        server,
        'the idle connections below the high water',
        () => held.filter((connection) => !connection.closed()).length < limits.highWater,
      );
      expect(await visit(port, '127.0.0.1', '/api/health')).toBe(200);
      // Headers sent a byte at a time from several addresses, then idle connections past the high
      // water: node answers the slow ones 408 within the pressed timeout, visitors served meanwhile.
      const slow: Held[] = [];
      for (const address of [11, 12, 13]) {
        slow.push(...(await holdMany(port, `127.0.0.${address}`, limits.perAddress, HALF_OPEN_REQUEST)));
      }
      held.push(...slow);
      for (const address of [14, 15]) held.push(...(await holdMany(port, `127.0.0.${address}`, limits.perAddress)));
      expect(await visit(port, '127.0.0.1')).toBe(200);
      await waitUntil(server, 'the slow headers closed', () => slow.every((connection) => connection.closed()));
      expect(await visit(port, '127.0.0.1')).toBe(200);
    },
    60_000,
  );
});

describe('the built server against slow bodies and half requests (issue 52)', () => {
  let database: TestDatabase | undefined;
  let server: ServerProcess | undefined;
  let held: Held[] = [];
  afterEach(async () => {
    for (const { socket } of held) socket.destroy();
    held = [];
    if (server) await killServer(server);
    await database?.drop();
  });

  builtServerTest(
    'a room full of slow bodies from many addresses leaves room for new visitors; half requests leave a log line each, no stack',
    async () => {
      database = await createTestDatabase('sqlite');
      const limits = connectionLimits(600);
      server = await spawnBuiltServer(
        {
          NODE_ENV: 'production',
          LOG_LEVEL: 'info',
          JWT_SECRET: 'connection-guard-secret-long-enough-0123',
          DATA_DIR: database.dataDir,
        },
        ['sh', '-c', `ulimit -n 600 && exec "${process.execPath}" "${BUILT_MAIN}"`],
      );
      await waitForHealth(server);
      const port = server.port;
      // Each address within its share; together past the room.
      const addresses = Math.ceil((limits.max * 1.5) / (limits.perAddress - 1));
      for (let address = 0; address < addresses; address++) {
        const from = `127.0.1.${address + 2}`;
        const slow = await holdMany(port, from, limits.perAddress - 1, SLOW_BODY_REQUEST);
        for (const connection of slow) trickle(connection, 2_000);
        held.push(...slow);
        expect(await visit(port, '127.0.0.1')).toBe(200);
      }
      expect(held.length).toBeGreaterThan(limits.max);
      // The oldest made way for the newest: never more open than the room. The server takes each
      // address's connections in an order of its own, but every address's after the one before.
      await until('the oldest slow bodies closed', () => held.filter((c) => !c.closed()).length <= limits.max);
      const share = limits.perAddress - 1;
      expect(held.slice(0, share).every((connection) => connection.closed())).toBe(true);
      expect(held.slice(-share).some((connection) => connection.closed())).toBe(false);
      expect(await visit(port, '127.0.0.1', '/api/health')).toBe(200);

      // Half requests whose clients went away: a line each in the log, nothing on stderr.
      const before = server.stdout().split('\n').length;
      const halves = await holdMany(port, '127.0.0.250', 5, SLOW_BODY_REQUEST);
      for (const half of halves) half.socket.end();
      await waitUntil(
        server,
        'the half requests logged',
        () =>
          server!
            .stdout()
            .split('\n')
            .slice(before)
            .filter((line) => line.includes('incomplete or malformed')).length >= 5,
      );
      expect(server.stderr()).toBe('');
    },
    60_000,
  );
});
