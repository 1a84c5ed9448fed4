/**
 * Issue 19, staff queries that cannot stall the site: a CSV export streams its rows in pages, and a
 * user runs one export at a time. The body of the first export is left unread, so the server waits
 * on the client (backpressure) with most of the file still to send: the export is under way.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createContactMessagesRepository } from '../modules/contact-messages/repository.js';
import { describeEngines } from '../test-support/databases.js';
import { startTestApp, type TestApp } from '../test-support/test-app.js';
import { EXPORT_PAGE, EXPORT_RUNNING, toCsv } from './csv.js';

/** The body as sent, byte-order mark included (Response.text() drops it). */
const bodyText = async (response: Response) => Buffer.from(await response.arrayBuffer()).toString('utf8');

const EXPORT = '/api/admin/contact-messages/export.csv?state=active';
const MESSAGES = 4_000;
/** 4,000 messages of 5,000 characters: a 20 MB file, far more than the sockets' buffers hold. */
const TEXT = 'Streamed, "quoted", =formula-looking text. '.repeat(120);

describeEngines('CSV exports on %s', (engine) => {
  let app: TestApp;
  let viewer: string;
  let other: string;

  beforeAll(async () => {
    app = await startTestApp(engine);
    const permissions = { connect: { view: true, edit: false, delete: false } };
    viewer = (await app.createUser({ role: 'admin', permissions })).token;
    other = (await app.createUser({ role: 'admin', permissions })).token;
    const db = app.runtime.deps.db;
    const start = app.clock.now().getTime();
    for (let first = 0; first < MESSAGES; first += 200) {
      const rows = Array.from({ length: 200 }, (_, offset) => ({
        name: `Sender ${first + offset}`,
        email: `sender${first + offset}@example.org`,
        phone: '+351912345678',
        message: `=${first + offset} ${TEXT}`,
        state: 'read' as const,
        created_at: new Date(start - (first + offset) * 1000),
      }));
      await db('contact_messages').insert(rows);
    }
  }, 120_000);

  afterAll(async () => {
    await app?.close();
  });

  const exportFor = (token: string) =>
    fetch(`${app.baseUrl}${EXPORT}`, { headers: { authorization: `Bearer ${token}` } });

  it('refuses a second export of the same user while the first streams, and the first still completes', async () => {
    const first = await exportFor(viewer);
    expect(first.status).toBe(200);
    expect(first.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    // Streamed: no length known up front.
    expect(first.headers.get('content-length')).toBeNull();

    const second = await exportFor(viewer);
    expect(second.status).toBe(429);
    expect(await second.json()).toEqual({ success: false, code: 'too_many_requests', message: EXPORT_RUNNING });

    // Another user's export is not held back by it.
    const others = await exportFor(other);
    expect(others.status).toBe(200);

    // The first export is whole: the very file the unstreamed export wrote (RFC 4180, formulas neutralised).
    const text = await bodyText(first);
    // The inbox's own page of every active message, as the list presents them, newest first.
    const inbox = await createContactMessagesRepository(app.runtime.deps.db).page({ page: 1, limit: 2 * MESSAGES });
    const messages = inbox.items;
    expect(messages).toHaveLength(MESSAGES);
    const expected = toCsv(
      ['Received at', 'Name', 'E-mail', 'Phone', 'Message', 'State'],
      messages.map((m) => [m.createdAt, m.name, m.email, m.phone, m.message, m.state]),
    );
    expect(text).toBe(expected);
    expect(text).toContain(`"'=0 Streamed, ""quoted""`);
    expect(await bodyText(others)).toBe(expected);

    // Its turn is over: the same user exports again.
    const third = await exportFor(viewer);
    expect(third.status).toBe(200);
    expect(await bodyText(third)).toBe(expected);
  });

  it('a dropped download ends the turn too', async () => {
    const controller = new AbortController();
    const first = await fetch(`${app.baseUrl}${EXPORT}`, {
      headers: { authorization: `Bearer ${viewer}` },
      signal: controller.signal,
    });
    expect(first.status).toBe(200);
    controller.abort();
    // The server learns of the closed socket when it next writes: ask until it has.
    let status = 429;
    while (status === 429) {
      const again = await exportFor(viewer);
      status = again.status;
      await again.body?.cancel();
      if (status === 429) await new Promise((resolve) => setImmediate(resolve));
    }
    expect(status).toBe(200);
  });

  /** An export's page reads messages by id, in no order; a search's statements read its index or sort. */
  const isExportPage = (sql: string) =>
    /from ["`]contact_messages["`] where ["`]id["`] in \(/.test(sql) && !/order by/.test(sql);

  it('holds no turn while it waits on its client: a search answers meanwhile, and the export then goes on whole', async () => {
    const db = app.runtime.deps.db;
    const statements: string[] = [];
    const listener = (query: { sql: string }) => statements.push(query.sql);
    db.on('query', listener);
    try {
      // A user of its own: the download dropped above may still hold the viewer's export.
      const exporter = (
        await app.createUser({ role: 'admin', permissions: { connect: { view: true, edit: false, delete: false } } })
      ).token;
      // Unread: the server stops at the sockets' buffers, a few pages in (backpressure).
      const exporting = await exportFor(exporter);
      expect(exporting.status).toBe(200);
      while (!statements.some(isExportPage)) await new Promise((resolve) => setImmediate(resolve));
      const search = await fetch(
        `${app.baseUrl}/api/admin/contact-messages?state=active&q=${encodeURIComponent('sender123@')}`,
        { headers: { authorization: `Bearer ${other}` } },
      );
      expect(search.status).toBe(200);
      const found = (await search.json()) as { data: { messages: { email: string }[] } };
      expect(found.data.messages.map((message) => message.email)).toEqual(['sender123@example.org']);
      const pagesBefore = statements.filter(isExportPage).length;
      expect(pagesBefore).toBeLessThan(MESSAGES / EXPORT_PAGE);

      const text = await bodyText(exporting);
      expect(text.split('\r\n')).toHaveLength(MESSAGES + 2); // header, rows, and the empty string after the last CRLF
      // The rest of the pages were read after the search.
      expect(statements.filter(isExportPage).length).toBeGreaterThan(pagesBefore);
    } finally {
      db.off('query', listener);
    }
  });
});
