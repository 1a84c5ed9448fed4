/**
 * The BUILT production server (site/dist/server/main.js) as a child process, as `npm start` runs it:
 * for tests of start-up failures and of shutdown, which only a real process with real signals shows.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { createServer } from 'node:net';
import { fileURLToPath } from 'node:url';
import { it } from 'vitest';
import { skipWhen } from './skips.js';

export const BUILT_MAIN = fileURLToPath(new URL('../../../site/dist/server/main.js', import.meta.url));
export const serverBuilt = existsSync(BUILT_MAIN);
export const REPOSITORY_ROOT = fileURLToPath(new URL('../../../', import.meta.url));
/** Why the tests of the built server are skipped, or false when it is built. */
export const serverNotBuilt: string | false =
  !serverBuilt && `${path.relative(process.cwd(), BUILT_MAIN)} does not exist (npm run build)`;

/** A test of the built server: skipped, saying why, when it is not built. */
export function builtServerTest(name: string, fn: () => Promise<void>, timeout?: number): void {
  it(name, { ...skipWhen(serverNotBuilt), timeout }, fn);
}

export interface ServerProcess {
  child: ChildProcess;
  baseUrl: string;
  port: number;
  stdout(): string;
  stderr(): string;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

/** A port that was free a moment ago: PORT=0 is not supported, so the number is picked here. */
export async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

/**
 * Only what is given here: nothing from the test runner's environment (NODE_ENV, DATABASE_URL...) leaks in.
 * `command`: another command line that starts the built server from the repository's root (the
 * Dockerfile's CMD); "node" there is this Node.
 */
export async function spawnBuiltServer(
  env: Record<string, string>,
  command?: readonly string[],
): Promise<ServerProcess> {
  const port = await freePort();
  const [program, ...args] = command ?? ['node', BUILT_MAIN];
  const child = spawn(program === 'node' ? process.execPath : program!, args, {
    cwd: REPOSITORY_ROOT,
    env: { PATH: process.env.PATH ?? '', HOST: '127.0.0.1', PORT: String(port), ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once('exit', (code, signal) => resolve({ code, signal })),
  );
  return { child, port, baseUrl: `http://127.0.0.1:${port}`, stdout: () => stdout, stderr: () => stderr, exited };
}

/** Polls until `ready` holds; fails naming `what`, with the server's output, if the server exits first. */
export async function waitUntil(
  server: ServerProcess,
  what: string,
  ready: () => boolean | Promise<boolean>,
  timeoutMs = 20_000,
): Promise<void> {
  let exited = false;
  void server.exited.then(() => (exited = true));
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline && !exited) {
    if (await ready()) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(
    `${what}: not within ${timeoutMs} ms (exited: ${exited})\nstdout:\n${server.stdout()}\nstderr:\n${server.stderr()}`,
  );
}

export function waitForHealth(server: ServerProcess): Promise<void> {
  return waitUntil(server, 'healthy', async () => {
    try {
      return (await fetch(`${server.baseUrl}/api/health`)).status === 200;
    } catch {
      return false; // not listening yet
    }
  });
}

/** Stops a server a test left running. */
export async function killServer(server: ServerProcess): Promise<void> {
  if (server.child.exitCode === null && server.child.signalCode === null) {
    server.child.kill('SIGKILL');
    await server.exited;
  }
}
