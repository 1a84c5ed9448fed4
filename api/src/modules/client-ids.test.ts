/**
 * Creations from the console are idempotent forever (issue 54 item 2, DESIGN habit 17): each carries
 * a client-generated id that the server keeps unique, so a creation whose answer was lost, replayed
 * after the server forgot its Idempotency-Key (24 h), answers the row it made instead of a second
 * one. Covered for every table the console creates rows in (the migration's list), on both engines.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CLIENT_ID_TABLES } from '../db/migrations/20261202120000_client_ids.js';
import { IDEMPOTENCY_RETENTION_MS } from '../middleware/idempotency.js';
import { describeEngines } from '../test-support/databases.js';
import { sampleBodies } from '../test-support/samples.js';
import { startTestApp, type TestApp } from '../test-support/test-app.js';

let counter = 0;
const unique = () => `${Date.now()}-${(counter += 1)}`;

interface Creation {
  table: (typeof CLIENT_ID_TABLES)[number];
  path: string;
  body: () => Record<string, unknown>;
}

const CREATIONS: Creation[] = [
  { table: 'membership_cards', path: '/api/admin/membership-cards', body: () => sampleBodies.card },
  { table: 'about_us_versions', path: '/api/admin/about-us', body: () => sampleBodies.about },
  { table: 'contact_info_versions', path: '/api/admin/contact-info', body: () => sampleBodies.contact },
  { table: 'privacy_policy_versions', path: '/api/admin/privacy-policy', body: () => sampleBodies.policy },
  { table: 'terms_of_service_versions', path: '/api/admin/terms-of-service', body: () => sampleBodies.policy },
  { table: 'activities', path: '/api/admin/activities', body: () => sampleBodies.activity },
  { table: 'testimonials', path: '/api/admin/testimonials', body: () => sampleBodies.testimonial },
  { table: 'faqs', path: '/api/admin/faqs', body: () => sampleBodies.faq },
  {
    table: 'users',
    path: '/api/admin/users',
    body: () => ({ name: 'Invited Admin', email: `invited-${unique()}@example.org`, role: 'admin', permissions: {} }),
  },
  { table: 'announcements', path: '/api/admin/announcements', body: () => sampleBodies.announcement },
];

it('covers every table the migration gives a client id', () => {
  expect(CREATIONS.map((creation) => creation.table).sort()).toEqual([...CLIENT_ID_TABLES].sort());
});

describeEngines('client ids of console creations on %s', (engine) => {
  let app: TestApp;
  let token: string;
  let staffId: number;

  beforeAll(async () => {
    app = await startTestApp(engine);
    const staff = await app.createUser({ role: 'super_admin' });
    token = staff.token;
    staffId = staff.user.id;
  });
  afterAll(async () => {
    await app?.close();
  });

  const post = (path: string, body: unknown, key = randomUUID()) =>
    app.request('POST', path, { token, body, headers: { 'Idempotency-Key': key } });

  describe.each(CREATIONS)('$path', ({ table, path, body }) => {
    it('answers the row it made to a replay after the server forgot the key: one row, no second effect', async () => {
      const clientId = randomUUID();
      const sent = { ...body(), clientId };
      const key = randomUUID();
      const first = await post(path, sent, key);
      expect(first.status).toBe(201);
      const rows = await app.count(table);
      const mails = await app.count('mail_queue');

      // A day and an hour later the key is forgotten: only the client id finds the row.
      app.clock.advance(IDEMPOTENCY_RETENTION_MS + 60 * 60 * 1000);
      // The staff member signed in again meanwhile (a session left idle that long has ended).
      token = await app.newSession(staffId);
      const replay = await post(path, sent, key);
      expect(replay.status).toBe(201);
      expect(replay.headers.get('Idempotent-Replayed')).toBeNull();
      expect(replay.body.data).toMatchObject({ id: first.body.data.id, revision: first.body.data.revision });
      expect(await app.count(table)).toBe(rows);
      // An invitation (users) is not mailed twice.
      expect(await app.count('mail_queue')).toBe(mails);
      expect(await app.runtime.deps.db(table).where({ client_id: clientId }).count({ n: '*' })).toEqual([
        { n: engine === 'postgres' ? '1' : 1 },
      ]);
    });

    it('makes one row of two replays sent at once with different keys', async () => {
      const sent = { ...body(), clientId: randomUUID() };
      const rows = await app.count(table);
      const answers = await Promise.all([post(path, sent), post(path, sent)]);
      expect(answers.map((answer) => answer.status)).toEqual([201, 201]);
      expect(answers[1].body.data.id).toBe(answers[0].body.data.id);
      expect(await app.count(table)).toBe(rows + 1);
    });

    it('makes separate rows of separate creations, and of creations without a client id', async () => {
      const rows = await app.count(table);
      for (const clientId of [randomUUID(), randomUUID(), undefined, undefined]) {
        expect((await post(path, { ...body(), ...(clientId && { clientId }) })).status).toBe(201);
      }
      expect(await app.count(table)).toBe(rows + 4);
    });

    it('refuses a client id that is not a UUID with a field message, and creates nothing', async () => {
      const rows = await app.count(table);
      const refused = await post(path, { ...body(), clientId: 'not-a-uuid' });
      expect(refused.status).toBe(400);
      expect(refused.body.errors).toContainEqual({ field: 'clientId', message: 'clientId must be a UUID' });
      expect(await app.count(table)).toBe(rows);
    });
  });

  it('an update ignores a client id: the row keeps the one it was created with', async () => {
    const clientId = randomUUID();
    const made = await post('/api/admin/faqs', { ...sampleBodies.faq, clientId });
    const other = randomUUID();
    const edited = await app.request('PUT', `/api/admin/faqs/${made.body.data.id}`, {
      token,
      body: { ...sampleBodies.faq, answer: 'Anyone working in nutrition, or studying it, can join.', clientId: other },
    });
    expect(edited.status).toBe(200);
    const row = await app.runtime.deps.db('faqs').where({ id: made.body.data.id }).first();
    expect(row?.client_id).toBe(clientId);
    // The replay of the creation answers the row as it is now, edited.
    const replay = await post('/api/admin/faqs', { ...sampleBodies.faq, clientId });
    expect(replay.body.data).toMatchObject({ id: made.body.data.id, revision: edited.body.data.revision });
  });

  it('keeps the client id out of answers and of the audit entry of the creation', async () => {
    const made = await post('/api/admin/testimonials', { ...sampleBodies.testimonial, clientId: randomUUID() });
    expect(made.body.data).not.toHaveProperty('clientId');
    expect(made.body.data).not.toHaveProperty('client_id');
    const entry = await app.runtime.deps
      .db('audit_log')
      .where({ action: 'create', entity_id: String(made.body.data.id) })
      .orderBy('id', 'desc')
      .first();
    expect(entry?.changes).toBeDefined();
    expect(String(entry?.changes)).not.toContain('client_id');
  });
});
