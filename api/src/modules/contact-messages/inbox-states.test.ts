/**
 * Issue 10 item 4, inbox states: each message is new, read, replied or archived; the list shows the
 * active ones (not archived) unless a state is asked for, the unread count counts the new ones, and
 * the CSV export follows the same filter. Permissions of the new routes: policy.test.ts (the matrix).
 */
import type { ContactMessage } from '@npo/shared';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { parseCsv } from '../../test-support/csv.js';
import { describeEngines } from '../../test-support/databases.js';
import { expectUnknownIds } from '../../test-support/expectations.js';
import { startTestApp, SUPER_ADMIN, type TestApp } from '../../test-support/test-app.js';

interface Inbox {
  messages: ContactMessage[];
  pagination: { total: number };
  unread: number;
}

let counter = 0;

describeEngines('inbox states on %s', (engine) => {
  let app: TestApp;
  let token: string;

  beforeAll(async () => {
    // More messages than one IP may send in an hour.
    app = await startTestApp(engine, { RATE_LIMIT_FACTOR: '100' });
    token = (await app.request('POST', '/api/auth/login', { body: SUPER_ADMIN })).body.data.token;
  });
  afterAll(async () => {
    await app?.close();
  });

  /** A message from a fresh address (the throttle counts per address); answers its id. */
  async function send(fields: { name?: string; message?: string } = {}): Promise<number> {
    counter += 1;
    const response = await app.request('POST', '/api/contact-messages', {
      body: {
        name: fields.name ?? `Visitor ${counter}`,
        email: `visitor${counter}@example.org`,
        phone: '+919876543210',
        message: fields.message ?? 'A question about membership, please.',
      },
    });
    expect(response.status).toBe(201);
    return response.body.data.id;
  }
  const setState = (id: number | string, body: unknown) =>
    app.request('PATCH', `/api/admin/contact-messages/${id}/state`, { token, body });
  async function inbox(query = ''): Promise<Inbox> {
    const response = await app.request('GET', `/api/admin/contact-messages${query}`, { token });
    expect(response.status).toBe(200);
    return response.body.data;
  }
  /** The CSV as its bytes say, BOM included (response.text() would drop the BOM). */
  async function download(query = ''): Promise<{ response: Response; text: string }> {
    const url = `${app.baseUrl}/api/admin/contact-messages/export.csv${query}`;
    const response = await fetch(url, { headers: { Authorization: `Bearer ${token}` } });
    const text = new TextDecoder('utf-8', { ignoreBOM: true }).decode(await response.arrayBuffer());
    return { response, text };
  }
  const idsIn = async (query = '') => (await inbox(query)).messages.map((message) => message.id);

  it('keeps the unread flag of messages kept before the migration as new or read', async () => {
    const unread = await send();
    const read = await send();
    await app.request('PATCH', `/api/admin/contact-messages/${read}/read`, { token });
    const rows = await app.runtime.deps.db('contact_messages').whereIn('id', [unread, read]).orderBy('id');
    expect(rows.map((row) => row.state)).toEqual(['new', 'read']);
    const shown = (await inbox()).messages.filter((message) => [unread, read].includes(message.id));
    expect(shown.map(({ state, isRead }) => ({ state, isRead }))).toEqual([
      { state: 'read', isRead: true },
      { state: 'new', isRead: false },
    ]);
  });

  it('moves a message through every state, one revision each, with the unread count following', async () => {
    const id = await send();
    const unreadAtStart = (await inbox()).unread;
    const steps: [string, boolean][] = [
      ['read', true],
      ['spam', true],
      ['archived', true],
      ['read', true],
      ['new', false],
      ['archived', true],
      ['spam', true],
    ];
    let revision = 1;
    for (const [state, isRead] of steps) {
      const response = await setState(id, { state });
      expect(response.status, state).toBe(200);
      revision += 1;
      expect(response.body.data).toMatchObject({ id, state, isRead, revision });
      expect(response.headers.get('etag')).toBe(`"${revision}"`);
      expect(response.body.message).toBe(`Message marked as ${state}`);
      expect((await inbox()).unread, state).toBe(unreadAtStart - (state === 'new' ? 0 : 1));
    }
  });

  /** Replied is the mail queue's to set, once a reply from the console went out (bulk-and-replies.test.ts). */
  const markReplied = (id: number) =>
    app.runtime.deps.db('contact_messages').where({ id }).update({ state: 'replied' });

  it('leaves a replied or archived message as it is when the older mark-read endpoint is called', async () => {
    const id = await send();
    for (const state of ['replied', 'archived']) {
      if (state === 'replied') await markReplied(id);
      else await setState(id, { state });
      const response = await app.request('PATCH', `/api/admin/contact-messages/${id}/read`, { token });
      expect(response.status).toBe(200);
      expect(response.body.data).toMatchObject({ state, isRead: true });
    }
  });

  it('refuses a state it does not know with 400 and changes nothing', async () => {
    const id = await send();
    for (const body of [{ state: 'deleted' }, { state: 'active' }, { state: '' }, { state: 1 }, {}, null]) {
      const response = await setState(id, body);
      expect(response.status, JSON.stringify(body)).toBe(400);
      expect(response.body.success).toBe(false);
    }
    expect((await setState(id, { state: 'replied' })).body.errors).toEqual([
      { field: 'state', message: 'State must be new, read, archived or spam.' },
    ]);
    expect(await app.runtime.deps.db('contact_messages').where({ id }).first('state', 'revision')).toEqual({
      state: 'new',
      revision: 1,
    });
  });

  it('answers 404 for unknown and malformed ids', async () => {
    await expectUnknownIds(app, {
      method: 'PATCH',
      path: (id) => `/api/admin/contact-messages/${id}/state`,
      token,
      body: { state: 'read' },
    });
  });

  it('lists the active messages by default, and each state on request', async () => {
    const [fresh, read, replied, archived] = [await send(), await send(), await send(), await send()];
    await setState(read, { state: 'read' });
    await markReplied(replied);
    await setState(archived, { state: 'archived' });
    const mine = [fresh, read, replied, archived];
    const visible = async (query: string) => (await idsIn(query)).filter((id) => mine.includes(id));

    expect(await visible('')).toEqual([replied, read, fresh]);
    expect(await visible('?state=active')).toEqual([replied, read, fresh]);
    expect(await visible('?state=new')).toEqual([fresh]);
    expect(await visible('?state=read')).toEqual([read]);
    expect(await visible('?state=replied')).toEqual([replied]);
    expect(await visible('?state=archived')).toEqual([archived]);

    // Every archived message and nothing else; the total counts the filter, the unread count does not.
    const archivedPage = await inbox('?state=archived');
    expect(archivedPage.messages.every((message) => message.state === 'archived')).toBe(true);
    expect(archivedPage.pagination.total).toBe(archivedPage.messages.length);
    expect(archivedPage.unread).toBe((await inbox()).unread);
    expect((await inbox()).unread).toBe((await inbox('?state=new')).pagination.total);

    // Unarchiving brings it back to the default view.
    await setState(archived, { state: 'read' });
    expect(await visible('')).toEqual([archived, replied, read, fresh]);

    const refused = await app.request('GET', '/api/admin/contact-messages?state=deleted', { token });
    expect(refused.status).toBe(400);
    expect(refused.body.errors).toEqual([
      { field: 'state', message: 'State must be active, new, read, replied or archived.' },
    ]);
  });

  it('exports the filtered messages as CSV that reads back exactly, formulas neutralised', async () => {
    const name = '=HYPERLINK("x")';
    const message = 'He said "hello", then:\nline two 🥗 and a comma, too.';
    const id = await send({ name, message });
    const archived = await send({ name: 'Archived Sender' });
    await setState(archived, { state: 'archived' });

    const { response, text } = await download();
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(response.headers.get('content-disposition')).toBe('attachment; filename="contact-messages-active.csv"');
    expect(text.startsWith('\uFEFF')).toBe(true);
    const [header, ...rows] = parseCsv(text.slice(1));
    expect(header).toEqual(['Received at', 'Name', 'E-mail', 'Phone', 'Message', 'State']);

    // The same messages, in the same order, as the list of the same filter (each from its own address).
    const listed = (await inbox('?limit=100')).messages;
    expect(rows.map((row) => row[2])).toEqual(listed.map((item) => item.email));
    const sent = listed.find((item) => item.id === id)!;
    expect(rows.find((row) => row[4] === message)).toEqual([
      sent.createdAt,
      `'${name}`,
      sent.email,
      // The neutralising apostrophe also keeps a spreadsheet from reading +91… as a number.
      `'${sent.phone}`,
      message,
      'new',
    ]);
    expect(rows.some((row) => row[1] === 'Archived Sender')).toBe(false);

    const archivedRows = parseCsv((await download('?state=archived')).text.slice(1)).slice(1);
    expect(archivedRows.map((row) => row[5])).toEqual(archivedRows.map(() => 'archived'));
    expect(archivedRows.some((row) => row[1] === 'Archived Sender')).toBe(true);

    const refused = await app.request('GET', '/api/admin/contact-messages/export.csv?state=junk', { token });
    expect(refused.status).toBe(400);
  });

  it('finds messages by part of the name, e-mail or text, in any case and accents, within the state', async () => {
    const marker = `crème${(counter += 1)}`;
    const byText = await send({ message: `Une question sur la ${marker} brûlée, s'il vous plaît.` });
    const byName = await send({ name: `Zoë O'Brien ${marker}` });
    const byNameEmail = `VISITOR${counter}@example.org`;
    const archived = await send({ message: `Archived ${marker} question.` });
    expect((await setState(archived, { state: 'archived' })).status).toBe(200);

    const ids = async (query: string) => (await inbox(query)).messages.map((message) => message.id);
    expect(await ids(`?q=${encodeURIComponent(marker.toUpperCase().replace('è', 'E'))}`)).toEqual([byName, byText]);
    expect(await ids(`?q=${encodeURIComponent("zoe o'brien")}`)).toEqual([byName]);
    expect(await ids(`?q=${encodeURIComponent(byNameEmail)}`)).toEqual([byName]);
    expect(await ids(`?q=${encodeURIComponent(`${marker} nowhere`)}`)).toEqual([]);
    expect(await ids(`?state=archived&q=${encodeURIComponent(marker)}`)).toEqual([archived]);
    expect(await ids(`?q=${encodeURIComponent('100%')}`)).toEqual([]);

    const { text } = await download(`?q=${encodeURIComponent("o'brien")}`);
    expect(
      parseCsv(text.replace(/^\uFEFF/, ''))
        .slice(1)
        .map((row) => row[1]),
    ).toEqual([`Zoë O'Brien ${marker}`]);
  });
});
