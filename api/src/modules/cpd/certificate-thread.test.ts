/**
 * The certificate thread (issue 58): the PDF it draws is the one drawn in this thread, byte for byte;
 * a certificate that fails to draw fails alone, and the thread goes on; an idle thread ends and the
 * next certificate starts another. Runs the built worker (dist), as the server does.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { certificatePdf, type CertificateContent } from './certificate-pdf.js';
import { certificateThreadRunning, closeCertificateThread, drawCertificate } from './certificate-thread.js';

const CONTENT: CertificateContent = {
  organisation: 'International Organisation of Dietitians',
  name: 'Đặng Thị Hương',
  activity: 'Feeding the preterm infant',
  date: '14 December 2026',
  hours: 1.5,
  code: 'K7QJ4M2XWA9PD3RT8CVN',
  verifyUrl: 'https://example.org/certificates/K7QJ4M2XWA9PD3RT8CVN',
  issuedAt: new Date('2026-12-14T16:00:00Z'),
};

afterAll(() => closeCertificateThread());

describe('the certificate thread', () => {
  it('draws the same file as this thread would, and several at once each their own', async () => {
    const expected = Buffer.from(await certificatePdf(CONTENT));
    const other = { ...CONTENT, name: 'Łukasz Żółć', code: 'M3ZR8TQ2WC4XKJ7PAVD9' };
    const [drawn, drawnOther] = await Promise.all([drawCertificate(CONTENT), drawCertificate(other)]);
    expect(Buffer.from(drawn).equals(expected)).toBe(true);
    expect(Buffer.from(drawnOther).equals(Buffer.from(await certificatePdf(other)))).toBe(true);
  });

  it('fails a certificate that cannot be drawn alone, and draws the next', async () => {
    const broken = { ...CONTENT, name: undefined as unknown as string };
    const [failed, next] = await Promise.allSettled([drawCertificate(broken), drawCertificate(CONTENT)]);
    expect(failed.status).toBe('rejected');
    expect((failed as PromiseRejectedResult).reason).toBeInstanceOf(Error);
    expect(String((failed as PromiseRejectedResult).reason)).toMatch(/^Error: certificate worker: /);
    expect(next.status).toBe('fulfilled');
  });

  it('ends when idle, and the next certificate starts a fresh thread', async () => {
    await drawCertificate(CONTENT);
    expect(certificateThreadRunning()).toBe(true);
    await closeCertificateThread();
    expect(certificateThreadRunning()).toBe(false);
    const drawn = drawCertificate(CONTENT);
    expect(certificateThreadRunning()).toBe(true);
    // Closing while it draws leaves it running: another runtime of the process may be waiting on it.
    await closeCertificateThread();
    expect(certificateThreadRunning()).toBe(true);
    expect(Buffer.from(await drawn).equals(Buffer.from(await certificatePdf(CONTENT)))).toBe(true);
  });
});
