/**
 * A server of a spec's own, for specs that move the server's clock (the shared one runs as in
 * production, where a test clock is refused): the built server with NODE_ENV=test and TEST_CLOCK_FILE,
 * the file `moveClock` writes (the server reads it again within 100 ms), on a fresh SQLite database
 * with demo content. Mail goes to the run's SMTP capture.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, type Page } from '@playwright/test';
import { SUPER_ADMIN } from './console.js';

/** `port` when given (one reserved for this run), else one the system has free. */
async function freePort(port: string | undefined): Promise<number> {
  if (port) return Number(port);
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port: free } = probe.address() as { port: number };
      probe.close(() => resolve(free));
    });
  });
}

export interface OwnServer {
  baseUrl: string;
  /** The server's clock runs this far ahead of real time. */
  offsetMs(): number;
  /** Moves the server's clock forward. */
  moveClock(ms: number): void;
  call(
    method: string,
    route: string,
    body?: unknown,
    token?: string,
  ): Promise<{ status: number; headers: Headers; body: any }>; // eslint-disable-line @typescript-eslint/no-explicit-any -- untyped JSON
  token(): Promise<string>;
  /** Signs the super admin in to the console at `path` (a console route), with `stored` put in localStorage first. */
  openConsole(page: Page, consolePath: string, stored?: Record<string, string>): Promise<void>;
  stop(): Promise<void>;
}

/** Starts the server; `port`: a port reserved for it, `env`: what it needs beyond the defaults. */
export async function startOwnServer(options: { port?: string; env?: Record<string, string> }): Promise<OwnServer> {
  const port = await freePort(options.port);
  const baseUrl = `http://127.0.0.1:${port}`;
  const dataDir = mkdtempSync(path.join(tmpdir(), 'npo-own-e2e-'));
  const clockFile = path.join(dataDir, 'clock-offset');
  let offsetMs = 0;
  writeFileSync(clockFile, '0');
  const server: ChildProcess = spawn(process.execPath, ['site/dist/server/main.js'], {
    stdio: 'inherit',
    env: {
      ...process.env,
      NODE_ENV: 'test',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      JWT_SECRET: 'e2e-secret-that-is-long-enough-0123456789',
      PUBLIC_URL: baseUrl,
      SMTP_URL: `smtp://127.0.0.1:${process.env.E2E_SMTP_PORT ?? 2526}`,
      SUPER_ADMIN_EMAIL: SUPER_ADMIN.email,
      SUPER_ADMIN_PASSWORD: SUPER_ADMIN.password,
      SEED_DEMO: 'true',
      RATE_LIMIT_FACTOR: '100',
      BACKUP_SCHEDULE: 'false',
      LOG_LEVEL: 'warn',
      TEST_CLOCK_FILE: clockFile,
      ...options.env,
    },
  });
  await expect
    .poll(
      () =>
        fetch(`${baseUrl}/api/health`).then(
          (answer) => answer.status,
          () => 0,
        ),
      { timeout: 60_000 },
    )
    .toBe(200);

  const call: OwnServer['call'] = async (method, route, body, token) => {
    const response = await fetch(`${baseUrl}/api${route}`, {
      method,
      headers: { 'content-type': 'application/json', ...(token && { authorization: `Bearer ${token}` }) },
      ...(body !== undefined && { body: JSON.stringify(body) }),
    });
    return { status: response.status, headers: response.headers, body: await response.json() };
  };
  const login = () => call('POST', '/auth/login', SUPER_ADMIN);

  return {
    baseUrl,
    offsetMs: () => offsetMs,
    moveClock(ms) {
      offsetMs += ms;
      writeFileSync(clockFile, String(offsetMs));
    },
    call,
    token: async () => (await login()).body.data.token as string,
    async openConsole(page, consolePath, stored = {}) {
      const session = (await login()).body.data;
      await page.goto(`${baseUrl}/admin/forgot-password`);
      await page.evaluate(
        (values) => Object.entries(values).forEach(([key, value]) => localStorage.setItem(key, value)),
        { ...stored, token: session.token, user: JSON.stringify(session.user) },
      );
      await page.goto(`${baseUrl}/admin${consolePath}`);
    },
    async stop() {
      if (server.exitCode === null) {
        const exited = new Promise((resolve) => server.once('exit', resolve));
        server.kill('SIGTERM');
        await exited;
      }
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
