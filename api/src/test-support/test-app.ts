/** The real API on a real HTTP port, a real database and a real SMTP capture, for one test file. */
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { AdminRole, Permissions, User } from '@npo/shared';
import { loadConfig } from '../config.js';
import { createLogger } from '../lib/logger.js';
import { hashPassword } from '../lib/passwords.js';
import { createSessionService } from '../modules/sessions/service.js';
import { presentUser } from '../modules/users/presenter.js';
import { createUsersRepository } from '../modules/users/repository.js';
import { startRuntime, type Runtime } from '../runtime.js';
import { createTestDatabase, type Engine, type TestDatabase } from './databases.js';
import { startSmtpCapture, type SmtpCapture } from './smtp-capture.js';
import { answerProblems } from './answer-check.js';
import { createStatusRecorder, type OpenApiDocument, type StatusRecorder } from './status-recorder.js';
import { httpServerFor } from './http-server.js';

export const SUPER_ADMIN = { email: 'root@example.org', password: 'root-password-1' };
export const PUBLIC_URL = 'http://site.test';

/**
 * Every test app starts on the same Wednesday morning, whatever day the suite runs, so no test
 * depends on today's date or weekday. Time still moves with the real elapsed time (rows written one
 * after another keep their order) and jumps forward with advance().
 */
export const TEST_START = new Date('2026-06-17T10:00:00.000Z');

export class TestClock {
  private readonly startedAt = performance.now();
  private offsetMs = 0;
  now(): Date {
    return new Date(TEST_START.getTime() + (performance.now() - this.startedAt) + this.offsetMs);
  }
  advance(ms: number): void {
    this.offsetMs += ms;
  }
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- an answer body is untyped JSON unless the test names its type, as with Supertest
export interface ApiResponse<T = any> {
  status: number;
  headers: Headers;
  body: T;
}

export interface RequestOptions {
  body?: unknown;
  rawBody?: string;
  token?: string;
  headers?: Record<string, string>;
}

export interface TestApp {
  engine: Engine;
  baseUrl: string;
  runtime: Runtime;
  smtp: SmtpCapture;
  clock: TestClock;
  /** Every answer request() received, for the comparison with the OpenAPI document. */
  statuses: StatusRecorder;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- an answer body is untyped JSON unless the test names its type, as with Supertest
  request<T = any>(method: string, path: string, options?: RequestOptions): Promise<ApiResponse<T>>;
  /**
   * Creates an account straight in the database with a token signed as a login would sign it
   * (logging in through the API costs two bcrypt rounds per account; the auth tests do that).
   */
  createUser(options: {
    role?: 'member' | AdminRole;
    permissions?: Partial<Permissions>;
    email?: string;
    password?: string;
    name?: string;
  }): Promise<{ user: User; token: string; email: string; password: string }>;
  /** A further session of an existing account, as another sign-in would start it: its token. */
  newSession(userId: number): Promise<string>;
  count(table: string): Promise<number>;
  close(): Promise<void>;
}

let userCounter = 0;
const passwordHashes = new Map<string, Promise<string>>();
/** Hashes each distinct test password once per test file. */
function passwordHashFor(password: string): Promise<string> {
  if (!passwordHashes.has(password)) passwordHashes.set(password, hashPassword(password));
  return passwordHashes.get(password)!;
}

export async function startTestApp(engine: Engine, env: Record<string, string> = {}): Promise<TestApp> {
  const database: TestDatabase = await createTestDatabase(engine);
  const smtp = await startSmtpCapture();
  const clock = new TestClock();
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: database.dataDir,
    ...(database.databaseUrl && { DATABASE_URL: database.databaseUrl }),
    JWT_SECRET: 'test-secret-that-is-long-enough-0123456789',
    PUBLIC_URL,
    SMTP_URL: smtp.url,
    SUPER_ADMIN_EMAIL: SUPER_ADMIN.email,
    SUPER_ADMIN_PASSWORD: SUPER_ADMIN.password,
    SEED_DEMO: 'false',
    CORS_ORIGINS: 'app://console',
    ...env,
  });
  const runtime = await startRuntime(config, createLogger('silent'), clock);
  const server: Server = httpServerFor(runtime.api.app);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const statuses = createStatusRecorder();

  async function request<T>(method: string, path: string, options: RequestOptions = {}): Promise<ApiResponse<T>> {
    const headers: Record<string, string> = { ...options.headers };
    if (options.token) headers.authorization = `Bearer ${options.token}`;
    let body: string | undefined = options.rawBody;
    if (options.body !== undefined) {
      headers['content-type'] = 'application/json';
      body = JSON.stringify(options.body);
    }
    if (options.rawBody !== undefined) headers['content-type'] ??= 'application/json';
    const response = await fetch(`${baseUrl}${path}`, { method, headers, body });
    statuses.record(method, path, response.status);
    const text = await response.text();
    let parsed: unknown = text;
    try {
      parsed = text ? JSON.parse(text) : undefined;
    } catch {
      // not JSON: kept as text for the assertion to show
    }
    const problems = answerProblems(method, path, response.status, parsed);
    if (problems.length > 0) {
      const shown = JSON.stringify(parsed).slice(0, 300);
      throw new Error(
        `${method} ${path} → ${response.status} is not what its route declares: ${problems.join('; ')}\n${shown}`,
      );
    }
    return { status: response.status, headers: response.headers, body: parsed as T };
  }

  return {
    engine,
    baseUrl,
    runtime,
    smtp,
    clock,
    statuses,
    request,
    async createUser({ role = 'member', permissions = {}, email, password = 'password-123', name = 'Test Person' }) {
      userCounter += 1;
      const address = email ?? `user${userCounter}-${Date.now()}@example.org`;
      const users = createUsersRepository(runtime.deps.db);
      const row = await users.insert(
        {
          name,
          email: address,
          passwordHash: await passwordHashFor(password),
          role,
          permissions: permissions as Permissions,
        },
        clock.now(),
      );
      const token = await createSessionService(runtime.deps).start(row, { ip: '127.0.0.1', userAgent: 'test' });
      return { user: presentUser(row), token, email: address, password };
    },
    async newSession(userId) {
      const row = await createUsersRepository(runtime.deps.db).findById(userId);
      if (!row) throw new Error(`no account ${userId}`);
      return createSessionService(runtime.deps).start(row, { ip: '127.0.0.1', userAgent: 'test' });
    },
    async count(table) {
      const row = await runtime.deps.db(table).count({ count: '*' }).first();
      return Number(row?.count ?? 0);
    },
    async close() {
      const document = statuses.verifyIfAsked(
        async () => (await request<OpenApiDocument>('GET', '/api/openapi.json')).body,
      );
      // Closed whatever the check finds; its verdict comes after.
      await document.catch(() => undefined);
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await runtime.close();
      await smtp.close();
      await database.drop();
      await document;
    },
  };
}
