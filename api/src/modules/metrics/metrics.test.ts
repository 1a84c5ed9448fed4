/**
 * GET /api/metrics on the real API over a real port: the text format with route templates, and who
 * may read it (this host by its socket address, or the bearer of METRICS_TOKEN; nobody by a header).
 */
import { readFileSync } from 'node:fs';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { networkInterfaces } from 'node:os';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeEngines } from '../../test-support/databases.js';
import { skipWhen } from '../../test-support/skips.js';
import { startTestApp, type TestApp } from '../../test-support/test-app.js';
import { httpServerFor } from '../../test-support/http-server.js';

const TOKEN = 'metrics-token-for-the-tests-0123456789';
/** The release, as the root package.json names it (CHANGELOG.md's newest section). */
const RELEASE = (
  JSON.parse(readFileSync(new URL('../../../../package.json', import.meta.url), 'utf8')) as { version: string }
).version;

/** An address of this machine that is not loopback: a request to it arrives from that address. */
function outsideAddress(): string | undefined {
  return Object.values(networkInterfaces())
    .flat()
    .find((entry) => entry && entry.family === 'IPv4' && !entry.internal)?.address;
}

describeEngines('metrics on %s', (engine) => {
  let app: TestApp;
  // Fetched directly, not through app.request: the endpoint is operations', not part of the OpenAPI document.
  const scrape = (headers: Record<string, string> = {}, baseUrl = app.baseUrl) =>
    fetch(`${baseUrl}/api/metrics`, { headers });

  beforeAll(async () => {
    app = await startTestApp(engine, { METRICS_TOKEN: TOKEN });
  });
  afterAll(() => app.close());

  it('gives this host the text format, labelled by route template and status', async () => {
    await app.request('GET', '/api/faqs');
    await app.request('GET', '/api/faqs');
    await app.request('GET', '/api/activities/987654');

    const response = await scrape();
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
    const text = await response.text();
    expect(text).toMatch(/^http_requests_total\{method="GET",route="\/api\/faqs",status="200"\} 2$/m);
    expect(text).toMatch(/^http_request_duration_seconds_bucket\{[^}]*route="\/api\/faqs"[^}]*le="\+Inf"\} 2$/m);
    // The template, never the raw path: ids would make the label set unbounded.
    expect(text).toContain('route="/api/activities/:id",status="404"');
    expect(text).not.toContain('987654');
    expect(text).toMatch(/^cache_hits_total\{cache="public_api"\} [1-9]/m);
    expect(text).toMatch(/^cache_misses_total\{cache="public_api"\} [1-9]/m);
    expect(text).toMatch(/^db_pool_connections\{state="used"\} \d+$/m);
    expect(text).toMatch(/^db_pool_connections\{state="free"\} \d+$/m);
    expect(text).toMatch(/^db_pool_connections\{state="pending_acquire"\} \d+$/m);
    expect(text).toContain('nodejs_eventloop_lag_seconds');
  });

  it('counts mails sent and failed by kind, and shows the queue depth and the age of its oldest mail', async () => {
    const { db, mailer } = app.runtime.deps;
    const mail = { to: 'staff@example.org', subject: 'A message', text: 'text', html: '<p>text</p>' };
    app.smtp.refuseWith({ code: 451, message: 'Try again later' });
    await mailer.enqueue(db, { ...mail, kind: 'contact_notification' });
    await mailer.drain();
    let text = await (await scrape()).text();
    expect(text).toMatch(/^mail_queue_depth 1$/m);
    expect(text).toMatch(/^mail_queue_oldest_age_seconds [1-9]/m);

    app.smtp.refuseWith({ code: 550, message: 'No such user' });
    await mailer.enqueue(db, { ...mail, kind: 'contact_digest' });
    await mailer.drain();
    app.smtp.refuseWith(undefined);
    app.clock.advance(2 * 60 * 60 * 1000);
    await mailer.drain();
    text = await (await scrape()).text();
    expect(text).toMatch(/^mail_sent_total\{kind="contact_notification"\} 1$/m);
    expect(text).toMatch(/^mail_failed_total\{kind="contact_digest"\} 1$/m);
    expect(text).toMatch(/^mail_queue_depth 0$/m);
    expect(text).toMatch(/^mail_queue_oldest_age_seconds 0$/m);
  });

  it('names the running release to this host and to the bearer of the token, and to nobody else', async () => {
    const line = `app_info{version="${RELEASE}"} 1`;
    expect(await (await scrape()).text()).toContain(line);
    const forwarded = { 'X-Forwarded-For': '203.0.113.7' };
    expect(await (await scrape({ ...forwarded, Authorization: `Bearer ${TOKEN}` })).text()).toContain(line);
    const anonymous = await scrape(forwarded);
    expect(anonymous.status).toBe(404);
    expect(await anonymous.text()).not.toContain(RELEASE);
  });

  it('takes no request with a proxy header for a local one, X-Real-IP included (issue 52 item 13)', async () => {
    // Behind a proxy on this host every visitor arrives over loopback, with a header naming them.
    const headers: Record<string, string>[] = [
      { 'X-Forwarded-For': '203.0.113.7' },
      { 'X-Forwarded-For': '127.0.0.1' },
      { Forwarded: 'for=203.0.113.7' },
      { 'X-Real-IP': '203.0.113.7' },
      { 'X-Real-IP': '127.0.0.1' },
    ];
    for (const header of headers) {
      const response = await scrape(header);
      expect(response.status, JSON.stringify(header)).toBe(404);
      expect(await response.json()).toMatchObject({ success: false, code: 'not_found' });
    }
  });

  it('with TRUST_PROXY takes no request for a local one, headers or not: the token is needed', async () => {
    const proxied = await startTestApp(engine, { METRICS_TOKEN: TOKEN, TRUST_PROXY: 'true' });
    try {
      expect((await scrape({}, proxied.baseUrl)).status).toBe(404);
      expect((await scrape({ Authorization: `Bearer ${TOKEN}` }, proxied.baseUrl)).status).toBe(200);
    } finally {
      await proxied.close();
    }
  });

  it('lets the bearer of METRICS_TOKEN in from anywhere, and nobody with another token', async () => {
    const forwarded = { 'X-Forwarded-For': '203.0.113.7' };
    expect((await scrape({ ...forwarded, Authorization: `Bearer ${TOKEN}` })).status).toBe(200);
    for (const wrong of [`${TOKEN.slice(0, -1)}x`, 'short', `${TOKEN}-longer`]) {
      expect((await scrape({ ...forwarded, Authorization: `Bearer ${wrong}` })).status, wrong).toBe(404);
    }
    expect((await scrape({ ...forwarded, Authorization: TOKEN })).status).toBe(404);
  });

  const address = outsideAddress();
  const noAddress = !address && 'this machine has no IPv4 address but loopback';
  it('answers 404 to a caller on another address without the token', skipWhen(noAddress), async () => {
    // The same API listening on this machine's network address: the socket's remote address is not loopback.
    const server: Server = httpServerFor(app.runtime.api.app);
    await new Promise<void>((resolve) => server.listen(0, address, resolve));
    const baseUrl = `http://${address}:${(server.address() as AddressInfo).port}`;
    try {
      expect((await scrape({}, baseUrl)).status).toBe(404);
      expect((await scrape({ Authorization: `Bearer ${TOKEN}` }, baseUrl)).status).toBe(200);
    } finally {
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
  });
});
