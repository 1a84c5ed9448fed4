import { describe, expect, it } from 'vitest';
import { REPLY_SUBJECT, replyMailto } from './reply-link';

const message = {
  name: 'Zoë & Co',
  email: 'zoe+news@example.org',
  message: 'Is there a fee?\nAnd 50% off for students?\r\n\r\nThanks & regards 🥗',
  createdAt: '2026-06-17T10:00:00.000Z',
};

describe('the reply link', () => {
  it('addresses the sender, with the subject and the quoted message encoded', () => {
    const link = replyMailto(message);
    const url = new URL(link);
    expect(url.protocol).toBe('mailto:');
    expect(decodeURIComponent(url.pathname)).toBe('zoe+news@example.org');
    expect(link.startsWith('mailto:zoe%2Bnews@example.org?subject=Re%3A%20Your%20message%20to%20us&body=')).toBe(true);
    // Nothing in the body that a mail program could read as a separator: only unreserved characters and escapes.
    expect(link.split('&body=')[1]).toMatch(/^[\w\-.!~*'()%]+$/);
    const params = new URLSearchParams(url.search);
    expect(params.get('subject')).toBe(REPLY_SUBJECT);
    expect(decodeURIComponent(link.split('&body=')[1]!)).toBe(
      [
        '',
        '',
        'On Jun 17, 2026, 10:00 AM, Zoë & Co wrote:',
        '> Is there a fee?',
        '> And 50% off for students?',
        '>',
        '> Thanks & regards 🥗',
      ].join('\r\n'),
    );
  });
});
