/** Issue 12, item 16: simultaneous FAQ creations each get their own position, on both engines. */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeEngines } from '../../test-support/databases.js';
import { sampleBodies } from '../../test-support/samples.js';
import { startTestApp, type TestApp } from '../../test-support/test-app.js';

describeEngines('FAQ positions under concurrency on %s', (engine) => {
  let app: TestApp;
  let token: string;
  beforeAll(async () => {
    app = await startTestApp(engine);
    token = (await app.createUser({ role: 'super_admin' })).token;
  });
  afterAll(async () => {
    await app?.close();
  });

  it('twenty simultaneous creations get the twenty distinct positions 0..19', async () => {
    const responses = await Promise.all(
      Array.from({ length: 20 }, (_, index) =>
        app.request('POST', '/api/admin/faqs', {
          token,
          body: { ...sampleBodies.faq, question: `Question number ${index} about joining?` },
        }),
      ),
    );
    expect(responses.map((response) => response.status)).toEqual(Array(20).fill(201));
    const created = responses.map((response) => response.body.data.order as number).sort((a, b) => a - b);
    expect(created).toEqual(Array.from({ length: 20 }, (_, index) => index));

    const stored = await app.runtime.deps.db('faqs').select('sort_order').orderBy('sort_order');
    expect(stored.map((row: { sort_order: number }) => Number(row.sort_order))).toEqual(
      Array.from({ length: 20 }, (_, index) => index),
    );
  });
});
