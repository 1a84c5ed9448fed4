/**
 * The public check of a CPD certificate (issue 58): /certificates/<code> says whether the code names a
 * certificate, and then only what the certificate says (name, activity, date, hours). Asked from the
 * browser after hydration, so the server's render holds no one's certificate and the page is the same
 * for every code; the API counts the checks per address and answers every wrong code alike.
 */
import { failureText, formatCpdHours, groupedCertificateCode, type CertificateVerification } from '@npo/shared';
import { useEffect, useState } from 'react';
import { usePageContext } from 'vike-react/usePageContext';
import { statusOf, withApi } from '../../../../lib/api';

type Check =
  | { state: 'checking' }
  | { state: 'genuine'; certificate: CertificateVerification }
  | { state: 'unknown' }
  | { state: 'failed'; message: string };

/** The activity's day as the organisation's calendar reads it (the stored value's UTC digits). */
const dayOf = (iso: string) =>
  new Intl.DateTimeFormat('en-GB', { timeZone: 'UTC', day: 'numeric', month: 'long', year: 'numeric' }).format(
    new Date(iso),
  );

export default function CertificatePage() {
  const code = usePageContext().routeParams.code ?? '';
  const [check, setCheck] = useState<Check>({ state: 'checking' });
  useEffect(() => {
    let current = true;
    withApi((api) => api.content.verifyCertificate(code)).then(
      (certificate) => current && setCheck({ state: 'genuine', certificate }),
      (failure: unknown) => {
        if (!current) return;
        if (statusOf(failure) === 404) setCheck({ state: 'unknown' });
        else setCheck({ state: 'failed', message: failureText(failure, 'The check failed. Please try again.') });
      },
    );
    return () => {
      current = false;
    };
  }, [code]);

  return (
    <section className="section">
      <div className="container certificate-check" aria-live="polite">
        <h1>Certificate check</h1>
        <p className="muted">Code {groupedCertificateCode(code.toUpperCase())}</p>
        {check.state === 'checking' && <p>Checking…</p>}
        {check.state === 'genuine' && (
          <>
            <p className="certificate-check__verdict certificate-check__verdict--genuine">
              This is a genuine certificate of continuing professional development.
            </p>
            <dl className="certificate-check__facts">
              <dt>Name</dt>
              <dd>{check.certificate.name}</dd>
              <dt>Activity</dt>
              <dd>{check.certificate.activity}</dd>
              <dt>Date</dt>
              <dd>{dayOf(check.certificate.date)}</dd>
              <dt>CPD hours</dt>
              <dd>{formatCpdHours(check.certificate.hours)}</dd>
            </dl>
          </>
        )}
        {check.state === 'unknown' && (
          <p className="certificate-check__verdict">
            No certificate has this code. Check that it was typed as printed on the certificate.
          </p>
        )}
        {check.state === 'failed' && <p className="certificate-check__verdict">{check.message}</p>}
      </div>
    </section>
  );
}
