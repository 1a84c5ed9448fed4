/**
 * Issue 25: forgot-password answers alike whether the SMTP server is up, down (nothing listens on its
 * port) or stalled (it takes the mail and never confirms): the same status and body, and the same
 * timing class. The mail is queued in a job after the answer and sent by the worker, so nothing the
 * SMTP server does can reach the answer; the timing check is the guard that it stays so.
 *
 * Timing is compared, not thresholded: the requests of the three cases are interleaved round by round
 * (a busy machine slows them alike), and the medians must be within a factor of 10 of each other (the
 * same order of magnitude). Waiting for a connection timeout or a stalled reply would take seconds,
 * against milliseconds for an answer that waits for nothing.
 */
import { createServer, type AddressInfo } from 'node:net';
import { performance } from 'node:perf_hooks';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeEngines } from '../../test-support/databases.js';
import { startTestApp, type TestApp } from '../../test-support/test-app.js';

const ROUNDS = 15;

/** A loopback port nobody listens on. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

describeEngines('forgot-password with the SMTP server up, down or stalled on %s', (engine) => {
  const apps: Record<'up' | 'down' | 'stalled', TestApp | undefined> = {
    up: undefined,
    down: undefined,
    stalled: undefined,
  };
  beforeAll(async () => {
    apps.up = await startTestApp(engine, { TRUST_PROXY: 'true' });
    apps.down = await startTestApp(engine, { TRUST_PROXY: 'true', SMTP_URL: `smtp://127.0.0.1:${await closedPort()}` });
    apps.stalled = await startTestApp(engine, { TRUST_PROXY: 'true' });
    apps.stalled.smtp.holdReplies();
  });
  afterAll(async () => {
    // The stalled server's replies go out, so its mailer's batch can end and the app close.
    apps.stalled?.smtp.releaseReplies();
    for (const app of Object.values(apps)) await app?.close();
  });

  it('answers with the same status and body, in the same order of magnitude of time, and the mails wait in the queue', async () => {
    const cases = Object.entries(apps) as [keyof typeof apps, TestApp][];
    const members = new Map<TestApp, { email: string }[]>();
    for (const [, app] of cases)
      members.set(
        app,
        await Promise.all(Array.from({ length: ROUNDS + 1 }, () => app.createUser({ name: 'Reset Person' }))),
      );

    const answers: { case: string; status: number; body: unknown }[] = [];
    const durations = new Map<string, number[]>(cases.map(([name]) => [name, []]));
    async function ask(name: string, app: TestApp, round: number): Promise<number> {
      const started = performance.now();
      const answer = await app.request('POST', '/api/auth/forgot-password', {
        headers: { 'x-forwarded-for': `198.51.100.${round + 1}` },
        body: { email: members.get(app)![round]!.email },
      });
      const took = performance.now() - started;
      answers.push({ case: name, status: answer.status, body: answer.body });
      return took;
    }

    // A first request each (connections, statement caches) is left out of the timing.
    for (const [name, app] of cases) await ask(name, app, ROUNDS);
    for (let round = 0; round < ROUNDS; round += 1) {
      // Each round in another order, so none of the cases is always first after a pause.
      const order = cases.map((_, index) => cases[(index + round) % cases.length]!);
      for (const [name, app] of order) durations.get(name)!.push(await ask(name, app, round));
    }

    expect(answers).toHaveLength(cases.length * (ROUNDS + 1));
    const [first] = answers;
    expect(first!.status).toBe(200);
    expect(answers.map(({ status, body }) => ({ status, body }))).toEqual(
      answers.map(() => ({ status: first!.status, body: first!.body })),
    );

    const medians = Object.fromEntries([...durations].map(([name, values]) => [name, median(values)]));
    const slowest = Math.max(...Object.values(medians));
    const fastest = Math.min(...Object.values(medians));
    expect(slowest / fastest, JSON.stringify(medians)).toBeLessThan(10);

    // Behind the answers the three queues differ: sent, waiting for a retry, and in flight.
    await apps.up!.runtime.deps.mailer.drain();
    await apps.down!.runtime.deps.mailer.drain();
    const states = async (app: TestApp) =>
      (await app.runtime.deps.db('mail_queue').select('state')).map((row: { state: string }) => row.state);
    expect(await states(apps.up!)).toEqual(Array.from({ length: ROUNDS + 1 }, () => 'sent'));
    expect(new Set(await states(apps.down!))).toEqual(new Set(['queued']));
    expect(await states(apps.down!)).toHaveLength(ROUNDS + 1);
    expect(apps.up!.smtp.mails).toHaveLength(ROUNDS + 1);
    await apps.stalled!.smtp.waitForMail(() => true);
    expect(apps.stalled!.smtp.heldReplies()).toBeGreaterThan(0);
    // In flight: marked `sending` on PostgreSQL, held in memory (still queued) on SQLite.
    expect(await states(apps.stalled!)).toContain(engine === 'postgres' ? 'sending' : 'queued');
    expect(await states(apps.stalled!)).not.toContain('sent');
  });
});
