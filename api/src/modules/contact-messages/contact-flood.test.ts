/**
 * Issue 19 item 1: 210 messages from 21 addresses used to refuse every visitor for 54 minutes (the
 * site-wide limit). Past the site-wide rate, visitors are now asked for a proof of work (428 with a
 * challenge, solved by the browser in under a second), their messages are accepted and held as
 * possible spam, with one digest mail instead of one notification each.
 */
import { PROOF_OF_WORK_HEADER, proofOfWorkHeader, solveProofOfWork, type ProofOfWorkChallenge } from '@npo/shared';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { PROOF_OF_WORK_LIFETIME_MS } from '../../lib/proof-of-work.js';
import { RATE_LIMITS } from '../../lib/rate-limits.js';
import { describeEngines } from '../../test-support/databases.js';
import { startTestApp, type TestApp } from '../../test-support/test-app.js';

describeEngines('contact form under a flood on %s', (engine) => {
  let app: TestApp;
  let rootToken: string;
  beforeAll(async () => {
    app = await startTestApp(engine, { TRUST_PROXY: 'true' });
    rootToken = (await app.createUser({ role: 'super_admin' })).token;
  });
  afterAll(async () => {
    await app?.close();
  });

  const send = (ip: string, email: string, proof?: string) =>
    app.request('POST', '/api/contact-messages', {
      headers: { 'x-forwarded-for': ip, ...(proof && { [PROOF_OF_WORK_HEADER]: proof }) },
      body: { name: 'Flood Sender', email, phone: '+441234567890', message: 'Hello there, this is a message.' },
    });
  /** What the site's contact form does: send, and on a 428 solve its challenge and send again. */
  async function sendAsBrowser(ip: string, email: string) {
    const first = await send(ip, email);
    if (first.status !== 428) return { answer: first, proof: undefined };
    const challenge = first.body.challenge as ProofOfWorkChallenge;
    const number = await solveProofOfWork(challenge);
    expect(number).not.toBeNull();
    const proof = proofOfWorkHeader(challenge, number!);
    return { answer: await send(ip, email, proof), proof };
  }
  const countMessages = async () => Number((await app.runtime.deps.db('contact_messages').count({ n: '*' }))[0]!.n);
  const notifications = () => app.smtp.mails.filter((mail) => mail.subject.startsWith('Contact form:'));
  const digests = () => app.smtp.mails.filter((mail) => mail.subject === 'Website messages held as possible spam');

  it('asks for a proof of work past the site-wide rate, accepts solved messages as possible spam and sends one digest', async () => {
    const contactInfo = { email: 'desk@example.org', phone: '+44 20 7946 0000', instagram: '@nutrition.network' };
    const info = await app.request('POST', '/api/admin/contact-info', { token: rootToken, body: contactInfo });
    expect(info.status).toBe(201);
    // Below the rate nobody is asked anything.
    expect((await send('198.51.100.1', 'first@example.org')).status).toBe(201);
    await app.runtime.deps.mailer.drain();
    expect(notifications()).toHaveLength(1);
    // The site-wide counter at its limit, as a flood from many addresses would have left it.
    const raised = await app.runtime.deps
      .db('rate_limits')
      .where({ rule: 'contact.global', subject: '*' })
      .update({ hits: RATE_LIMITS.contact.global.limit });
    expect(raised).toBe(1);

    // The flood, which solves nothing: 428 with a challenge each, and nothing stored.
    const { limit } = RATE_LIMITS.contact.perIp;
    const flood = await Promise.all(
      Array.from({ length: 5 * limit }, (_, index) =>
        send(`203.0.113.${Math.floor(index / limit) + 1}`, `flood${index}@example.org`),
      ),
    );
    expect(new Set(flood.map((answer) => answer.status))).toEqual(new Set([428]));
    expect(flood[0]!.body).toMatchObject({ success: false, code: 'proof_of_work_required' });
    expect(flood[0]!.body.challenge).toMatchObject({ algorithm: 'SHA-256', maxNumber: expect.any(Number) });
    expect(await countMessages()).toBe(1);

    // Visitors from elsewhere are accepted once their browser solved the challenge.
    const visitor = await sendAsBrowser('192.0.2.44', 'visitor@example.org');
    expect(visitor.answer.status).toBe(201);
    expect(visitor.answer.body.message).toBe('Thanks! Your message has been sent.');
    expect((await sendAsBrowser('192.0.2.45', 'second@example.org')).answer.status).toBe(201);
    // A sender that keys its writes retries the 428 with the proof under the same key: the 428 was not kept.
    const keyed = (proof?: string) =>
      app.request('POST', '/api/contact-messages', {
        headers: {
          'x-forwarded-for': '192.0.2.47',
          'idempotency-key': 'contact-1',
          ...(proof && { [PROOF_OF_WORK_HEADER]: proof }),
        },
        body: {
          name: 'Keyed Sender',
          email: 'keyed@example.org',
          phone: '+441234567890',
          message: 'Hello there, keyed.',
        },
      });
    const asked = await keyed();
    expect(asked.status).toBe(428);
    const keyedChallenge = asked.body.challenge as ProofOfWorkChallenge;
    const keyedProof = proofOfWorkHeader(keyedChallenge, (await solveProofOfWork(keyedChallenge))!);
    expect((await keyed(keyedProof)).status).toBe(201);
    const again = await keyed(keyedProof);
    expect(again.status).toBe(201);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    // A solution is spent once, here or on another instance.
    const replayed = await send('192.0.2.46', 'replay@example.org', visitor.proof);
    expect(replayed.status).toBe(428);
    // Per address the limit still holds.
    for (let sent = 0; sent < limit; sent += 1) await send('198.51.100.9', `burst${sent}@example.org`);
    expect((await send('198.51.100.9', 'again@example.org')).status).toBe(429);

    const states = await app.runtime.deps
      .db('contact_messages')
      .select('state')
      .count<{ state: string; n: number | string }[]>({ n: '*' })
      .groupBy('state');
    expect(Object.fromEntries(states.map((row) => [row.state, Number(row.n)]))).toEqual({ new: 1, spam: 3 });
    await app.runtime.deps.mailer.drain();
    expect(notifications()).toHaveLength(1);
    expect(digests()).toHaveLength(1);
    expect(digests()[0]!.to).toEqual(['desk@example.org']);

    // Staff see them under their own filter, not in the inbox.
    const held = await app.request('GET', '/api/admin/contact-messages?state=spam&limit=10', { token: rootToken });
    expect(held.status).toBe(200);
    expect(held.body.data.pagination.total).toBe(3);
    const inbox = await app.request('GET', '/api/admin/contact-messages', { token: rootToken });
    expect(inbox.body.data.messages.map((message: { email: string }) => message.email)).toEqual(['first@example.org']);
    // A held message can be moved to the inbox.
    const moved = await app.request('PATCH', `/api/admin/contact-messages/${visitor.answer.body.data.id}/state`, {
      token: rootToken,
      body: { state: 'read' },
    });
    expect(moved.status).toBe(200);
  });

  it('refuses a wrong, forged or expired solution with a new challenge', async () => {
    const first = await send('192.0.2.60', 'late@example.org');
    expect(first.status).toBe(428);
    const challenge = first.body.challenge as ProofOfWorkChallenge;
    const number = (await solveProofOfWork(challenge))!;
    const before = await countMessages();
    const wrongNumber = proofOfWorkHeader(challenge, (number + 1) % (challenge.maxNumber + 1));
    const forged = proofOfWorkHeader({ ...challenge, signature: 'f'.repeat(64) }, number);
    for (const proof of [wrongNumber, forged, 'not a proof']) {
      const answer = await send('192.0.2.61', 'forger@example.org', proof);
      expect(answer.status).toBe(428);
      expect(answer.body.challenge.signature).not.toBe(challenge.signature);
    }
    app.clock.advance(PROOF_OF_WORK_LIFETIME_MS + 1000);
    expect((await send('192.0.2.62', 'late@example.org', proofOfWorkHeader(challenge, number))).status).toBe(428);
    expect(await countMessages()).toBe(before);
  });
});
