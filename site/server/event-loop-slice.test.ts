/**
 * The built server's threads on this machine's kernel (api/src/lib/thread-slice.ts): the site's event
 * loop runs with the short slice once it listens; every other thread of the process, those started
 * afterwards for a request included (the SMTP thread here), with the kernel's default.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { afterEach, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../api/src/test-support/databases.js';
import {
  builtServerTest,
  freePort,
  killServer,
  spawnBuiltServer,
  waitForHealth,
  waitUntil,
  type ServerProcess,
} from '../../api/src/test-support/built-server.js';
import { EVENT_LOOP_SLICE_NS } from '../../api/src/lib/thread-slice.js';
import { skipWhen } from '../../api/src/test-support/skips.js';

const ADDON = new URL('../../api/dist/native/thread-slice.node', import.meta.url);
const SUPER_ADMIN = { email: 'slice@example.org', password: 'slice-test-password-1' };

interface Task {
  tid: string;
  name: string;
  slice: number;
}

/** Each thread of a process: its id, its name (for the failure's message) and its slice in nanoseconds. */
function tasksOf(pid: number): Task[] {
  return readdirSync(`/proc/${pid}/task`).flatMap((tid) => {
    try {
      const sched = readFileSync(`/proc/${pid}/task/${tid}/sched`, 'utf8');
      const slice = sched.split('\n').find((row) => row.startsWith('se.slice'));
      return [
        {
          tid,
          name: readFileSync(`/proc/${pid}/task/${tid}/comm`, 'utf8').trim(),
          slice: Number(slice?.split(':')[1]),
        },
      ];
    } catch {
      return []; // the thread ended meanwhile
    }
  });
}

const cannotRun =
  process.platform !== 'linux'
    ? `the slice is Linux's (this is ${process.platform})`
    : !existsSync(ADDON)
      ? 'api/dist/native/thread-slice.node is not built (npm run build, with a C compiler)'
      : !readFileSync('/proc/self/sched', 'utf8').includes('se.slice') &&
        'this kernel shows no slice in /proc (EEVDF came with Linux 6.6)';

let server: ServerProcess | undefined;
let database: TestDatabase | undefined;
afterEach(async () => {
  if (server) await killServer(server);
  await database?.drop();
});

const test = cannotRun ? (name: string, fn: () => Promise<void>) => it(name, skipWhen(cannotRun), fn) : builtServerTest;

test('the event loop has the short slice, and the threads it starts later the default one', async () => {
  database = await createTestDatabase('sqlite');
  server = await spawnBuiltServer({
    NODE_ENV: 'production',
    JWT_SECRET: 'slice-test-secret-that-is-long-enough-01',
    DATA_DIR: database.dataDir,
    SUPER_ADMIN_EMAIL: SUPER_ADMIN.email,
    SUPER_ADMIN_PASSWORD: SUPER_ADMIN.password,
    SMTP_URL: `smtp://127.0.0.1:${await freePort()}`,
  });
  await waitForHealth(server);
  const pid = server.child.pid!;
  expect(server.stdout()).toMatch(/"shortSlice":true[^\n]*"server listening"/);
  const atStart = tasksOf(pid);
  const main = atStart.find((task) => task.tid === String(pid));
  expect(main?.slice).toBe(EVENT_LOOP_SLICE_NS);
  const others = atStart.filter((task) => task !== main);
  expect(others.length).toBeGreaterThan(0);
  const defaultSlice = others[0]!.slice;
  expect(defaultSlice).toBeGreaterThan(EVENT_LOOP_SLICE_NS);
  expect(others).toEqual(others.map((task) => ({ ...task, slice: defaultSlice })));

  // A mail to send starts the SMTP thread: a thread the event loop creates after it got its slice. (The
  // SMTP server is a closed port: the thread starts all the same.)
  const threadsBefore = new Set(tasksOf(pid).map((task) => task.tid));
  const forgot = await fetch(`${server.baseUrl}/api/auth/forgot-password`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: SUPER_ADMIN.email }),
  });
  expect(forgot.status).toBe(200);
  const started = () => tasksOf(pid).filter((task) => !threadsBefore.has(task.tid));
  await waitUntil(server, 'the SMTP thread', () => started().length > 0);
  const threads = started();
  expect(threads).toEqual(threads.map((task) => ({ ...task, slice: defaultSlice })));
  expect(tasksOf(pid).find((task) => task.tid === String(pid))?.slice).toBe(EVENT_LOOP_SLICE_NS);
}, 40_000);
