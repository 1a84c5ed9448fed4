/**
 * For tests of start-up itself: a runtime on a test database with the logs kept, served over real
 * HTTP, and startable again on the same database (startTestApp hides both behind its defaults).
 */
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { loadConfig, type Config } from '../config.js';
import type { Clock } from '../lib/clock.js';
import { createLogger, type Logger } from '../lib/logger.js';
import { startRuntime, type Runtime } from '../runtime.js';
import type { TestDatabase } from './databases.js';
import type { ApiResponse, RequestOptions, TestApp } from './test-app.js';
import { httpServerFor } from './http-server.js';

export interface LogCapture {
  logger: Logger;
  /** Every line as written, in order. */
  lines: string[];
  entries(): Record<string, unknown>[];
  text(): string;
}

export function captureLogs(level = 'info'): LogCapture {
  const lines: string[] = [];
  const logger = createLogger(level, { write: (line: string) => void lines.push(line) });
  return {
    logger,
    lines,
    entries: () => lines.map((line) => JSON.parse(line) as Record<string, unknown>),
    text: () => lines.join(''),
  };
}

/** The configuration a test runtime starts with: the test database, a fixed secret, no mail server. */
export function testConfig(database: TestDatabase, env: Record<string, string> = {}): Config {
  return loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: database.dataDir,
    ...(database.databaseUrl && { DATABASE_URL: database.databaseUrl }),
    JWT_SECRET: 'test-secret-that-is-long-enough-0123456789',
    PUBLIC_URL: 'http://site.test',
    SEED_DEMO: 'false',
    ...env,
  });
}

export interface ServedRuntime {
  runtime: Runtime;
  logs: LogCapture;
  baseUrl: string;
  request: TestApp['request'];
  /** Closes the server and the runtime; the database stays for the next start. */
  close(): Promise<void>;
}

export async function serveRuntime(
  database: TestDatabase,
  env: Record<string, string> = {},
  clock?: Clock,
): Promise<ServedRuntime> {
  const logs = captureLogs();
  const runtime = await startRuntime(testConfig(database, env), logs.logger, clock);
  const server: Server = httpServerFor(runtime.api.app);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    runtime,
    logs,
    baseUrl,
    async request<T>(method: string, path: string, options: RequestOptions = {}): Promise<ApiResponse<T>> {
      const headers: Record<string, string> = { ...options.headers };
      if (options.token) headers.authorization = `Bearer ${options.token}`;
      let body: string | undefined = options.rawBody;
      if (options.body !== undefined) {
        headers['content-type'] = 'application/json';
        body = JSON.stringify(options.body);
      }
      const response = await fetch(`${baseUrl}${path}`, { method, headers, body });
      const text = await response.text();
      let parsed: unknown = text;
      try {
        parsed = text ? JSON.parse(text) : undefined;
      } catch {
        // not JSON: kept as text for the assertion to show
      }
      return { status: response.status, headers: response.headers, body: parsed as T };
    },
    async close() {
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await runtime.close();
    },
  };
}
