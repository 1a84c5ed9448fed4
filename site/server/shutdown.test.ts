/**
 * SIGTERM on the BUILT server under load: every request is either answered or fails before it
 * starts, answers during the drain carry `Connection: close`, idle keep-alive connections are closed,
 * the exit code is 0, and every acknowledged write is in the database afterwards. The server under
 * load is started with the Dockerfile's exact CMD, which must be `npm start`'s command line: the
 * container then stops as gracefully as a server started by hand (issue 25).
 */
import { readFileSync } from 'node:fs';
import { Agent, request as httpRequest } from 'node:http';
import { connect, type Socket } from 'node:net';
import path from 'node:path';
import knex, { type Knex } from 'knex';
import { afterEach, describe, expect, it } from 'vitest';
import {
  REPOSITORY_ROOT,
  builtServerTest,
  killServer,
  serverNotBuilt,
  spawnBuiltServer,
  waitForHealth,
  waitUntil,
  type ServerProcess,
} from '../../api/src/test-support/built-server.js';
import {
  createTestDatabase,
  describeEngines,
  type Engine,
  type TestDatabase,
} from '../../api/src/test-support/databases.js';
import { skipWhen } from '../../api/src/test-support/skips.js';

const built = builtServerTest;

/** The exec-form CMD of the production image: the command line its container runs. */
function dockerfileCommand(): string[] {
  const dockerfile = readFileSync(path.join(REPOSITORY_ROOT, 'Dockerfile'), 'utf8');
  const cmd = dockerfile.split('\n').findLast((line) => line.startsWith('CMD '));
  return JSON.parse(cmd?.slice('CMD '.length) ?? '[]') as string[];
}

/** The variables of the image's ENV lines (`ENV A=1 B=2`). */
function dockerfileEnv(): Record<string, string> {
  const dockerfile = readFileSync(path.join(REPOSITORY_ROOT, 'Dockerfile'), 'utf8');
  const assignments = dockerfile
    .split('\n')
    .filter((line) => line.startsWith('ENV '))
    .flatMap((line) => line.slice('ENV '.length).trim().split(/\s+/));
  return Object.fromEntries(assignments.map((assignment) => assignment.split('=') as [string, string]));
}

/** npm start's line: the variables it sets (`A=1 node …`), and node's command line. */
function npmStart(): { env: Record<string, string>; command: string[] } {
  const manifest = JSON.parse(readFileSync(path.join(REPOSITORY_ROOT, 'package.json'), 'utf8')) as {
    scripts: Record<string, string>;
  };
  const words = manifest.scripts.start!.split(' ');
  const nodeAt = words.indexOf('node');
  const env = Object.fromEntries(words.slice(0, nodeAt).map((word) => word.split('=') as [string, string]));
  return { env, command: words.slice(nodeAt) };
}

describe('the production image', () => {
  it("runs node itself (PID 1, so SIGTERM reaches the server) with npm start's exact command line and variables", () => {
    expect(dockerfileCommand()[0]).toBe('node');
    expect(dockerfileCommand()).toEqual(npmStart().command);
    // Node's defaults in both: no heap flags, no allocator tuning (an operator sets NODE_OPTIONS).
    expect(npmStart().env).toEqual({});
    expect(dockerfileCommand()).toEqual(['node', 'site/dist/server/main.js']);
    expect(dockerfileEnv()).toMatchObject(npmStart().env);
  });
});

const SUPER_ADMIN = { email: 'root@example.org', password: 'root-password-1' };
const ANSWER = 'Written while the server was being stopped.';

/** A request's fate: its answer, or the error of a request that got none. */
type Outcome =
  { question: string; status: number; connection: string | undefined } | { question: string; error: string };

function post(agent: Agent, baseUrl: string, token: string, question: string): Promise<Outcome> {
  const body = JSON.stringify({ question, answer: ANSWER });
  return new Promise((resolve) => {
    const req = httpRequest(`${baseUrl}/api/admin/faqs`, {
      method: 'POST',
      agent,
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    });
    req.on('response', (response) => {
      response.resume();
      response.on('end', () =>
        resolve({ question, status: response.statusCode!, connection: response.headers.connection }),
      );
    });
    req.on('error', (error: NodeJS.ErrnoException) => resolve({ question, error: error.code ?? error.message }));
    req.end(body);
  });
}

async function login(baseUrl: string): Promise<string> {
  const response = await fetch(`${baseUrl}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(SUPER_ADMIN),
  });
  expect(response.status).toBe(200);
  return ((await response.json()) as { data: { token: string } }).data.token;
}

/** The database the server used, opened after it exited. */
function openDatabase(database: TestDatabase): Knex {
  return database.databaseUrl
    ? knex({ client: 'pg', connection: database.databaseUrl, pool: { min: 0, max: 1 } })
    : knex({
        client: 'better-sqlite3',
        connection: { filename: path.join(database.dataDir, 'app.db') },
        useNullAsDefault: true,
      });
}

async function savedQuestions(database: TestDatabase): Promise<string[]> {
  const db = openDatabase(database);
  try {
    return (await db('faqs').select('question')).map((row: { question: string }) => row.question);
  } finally {
    await db.destroy();
  }
}

/** Resolves with everything the socket received once the server has closed it. */
function received(socket: Socket): Promise<string> {
  let text = '';
  socket.on('data', (chunk: Buffer) => (text += chunk.toString()));
  return new Promise((resolve) => socket.once('close', () => resolve(text)));
}

function opened(port: number): Promise<Socket> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1', () => resolve(socket));
    socket.once('error', reject);
  });
}

describeEngines('shutdown of the built server on %s', (engine: Engine) => {
  const servers: ServerProcess[] = [];
  const databases: TestDatabase[] = [];
  afterEach(async () => {
    for (const server of servers.splice(0)) await killServer(server);
    for (const database of databases.splice(0)) await database.drop();
  });

  async function start(command?: string[]): Promise<{ server: ServerProcess; database: TestDatabase; token: string }> {
    const database = await createTestDatabase(engine);
    databases.push(database);
    const server = await spawnBuiltServer(
      {
        NODE_ENV: 'production',
        JWT_SECRET: 'shutdown-test-secret-that-is-long-enough-01',
        DATA_DIR: database.dataDir,
        ...(database.databaseUrl && { DATABASE_URL: database.databaseUrl }),
        SUPER_ADMIN_EMAIL: SUPER_ADMIN.email,
        SUPER_ADMIN_PASSWORD: SUPER_ADMIN.password,
        SEED_DEMO: 'false',
        LOG_LEVEL: 'info',
      },
      command,
    );
    servers.push(server);
    await waitForHealth(server);
    return { server, database, token: await login(server.baseUrl) };
  }

  built('keep-alive writes with SIGTERM in the middle: answered or never started, none lost, none twice', async () => {
    const { server, database, token } = await start(dockerfileCommand());
    const agent = new Agent({ keepAlive: true, maxSockets: 4 });
    const outcomes: Outcome[] = [];
    let sent = 0;
    let answered = 0;
    let signalled = false;

    // Each worker writes until the server refuses it; a request without an answer is retried once,
    // as a client would, which must not save it twice.
    async function worker(): Promise<void> {
      for (;;) {
        const question = `Question number ${(sent += 1)} during shutdown?`;
        const first = await post(agent, server.baseUrl, token, question);
        outcomes.push(first);
        if ('status' in first && (answered += 1) === 20 && !signalled) {
          signalled = true;
          server.child.kill('SIGTERM');
        }
        if ('error' in first) {
          outcomes.push(await post(agent, server.baseUrl, token, question));
          return;
        }
      }
    }
    await Promise.all([worker(), worker(), worker(), worker()]);
    agent.destroy();

    expect(await server.exited).toEqual({ code: 0, signal: null });
    const answers = outcomes.filter((outcome) => 'status' in outcome);
    const failures = outcomes.filter((outcome) => 'error' in outcome);
    expect(
      answers.every((outcome) => outcome.status === 201),
      JSON.stringify(answers),
    ).toBe(true);
    expect(failures.map((outcome) => outcome.error)).toEqual(
      failures.map(() => expect.stringMatching(/^(ECONNREFUSED|ECONNRESET|EPIPE)$/)),
    );

    const saved = await savedQuestions(database);
    const acknowledged = answers.map((outcome) => outcome.question);
    expect(new Set(saved).size).toBe(saved.length);
    expect([...saved].sort()).toEqual([...acknowledged].sort());
    expect(server.stderr()).toBe('');
  });

  built(
    'a request in flight is answered with Connection: close, idle connections close, new ones are refused',
    async () => {
      const { server, database, token } = await start();

      // An idle keep-alive connection: one answer received, the socket left open.
      const idle = await opened(server.port);
      const idleClosed = received(idle);
      idle.write('GET /api/health HTTP/1.1\r\nHost: localhost\r\nConnection: keep-alive\r\n\r\n');
      await waitUntil(server, 'idle connection answered', () => idle.bytesRead > 0);

      // A request in flight: its headers sent, its body not yet. The server's 100 Continue says it has started it.
      const body = JSON.stringify({ question: 'Asked before SIGTERM, finished after?', answer: ANSWER });
      const busy = await opened(server.port);
      const busyClosed = received(busy);
      busy.write(
        `POST /api/admin/faqs HTTP/1.1\r\nHost: localhost\r\nAuthorization: Bearer ${token}\r\n` +
          `Content-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\nExpect: 100-continue\r\n\r\n`,
      );
      await waitUntil(server, '100 Continue', () => busy.bytesRead > 0);

      server.child.kill('SIGTERM');
      const idleAnswer = await idleClosed;
      expect(idleAnswer).toMatch(/^HTTP\/1\.1 200 OK\r\n/);
      // Kept open longer than a reverse proxy keeps its idle connections to the app (deploy/Caddyfile).
      expect(idleAnswer).toMatch(/\r\nKeep-Alive: timeout=75\r\n/);
      await expect(opened(server.port)).rejects.toMatchObject({ code: 'ECONNREFUSED' });

      busy.write(body);
      const answer = await busyClosed;
      expect(answer).toMatch(/HTTP\/1\.1 201 Created\r\n/);
      expect(answer).toMatch(/\r\nConnection: close\r\n/i);

      expect(await server.exited).toEqual({ code: 0, signal: null });
      expect(await savedQuestions(database)).toEqual(['Asked before SIGTERM, finished after?']);
    },
  );
  // The limit is engine-independent and costs its full 10 s: one engine is enough.
  it(
    'a request still open at the 10 s limit is cut, and the exit code says so',
    {
      ...skipWhen(serverNotBuilt || (engine !== 'sqlite' && 'engine-independent, run on sqlite only')),
      timeout: 30_000,
    },
    async () => {
      const { server, token } = await start();
      const stuck = await opened(server.port);
      const stuckClosed = received(stuck);
      stuck.write(
        `POST /api/admin/faqs HTTP/1.1\r\nHost: localhost\r\nAuthorization: Bearer ${token}\r\n` +
          'Content-Type: application/json\r\nContent-Length: 100\r\nExpect: 100-continue\r\n\r\n',
      );
      await waitUntil(server, '100 Continue', () => stuck.bytesRead > 0);

      server.child.kill('SIGTERM');
      expect(await server.exited).toEqual({ code: 1, signal: null });
      expect(await stuckClosed).not.toMatch(/HTTP\/1\.1 [2-5]\d\d/);
      expect(server.stdout()).toContain('shutdown cut requests still open');
    },
  );
});
