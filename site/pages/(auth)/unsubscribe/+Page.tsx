/**
 * The page of an announcement mail's unsubscribe link (issue 22 item 2). Opening it changes nothing:
 * link scanners and previews GET it, so the member confirms with a button that POSTs the signed token
 * (a mail client's RFC 8058 one-click POST goes to the same URL and is handled by the server directly).
 * No sign-in is needed.
 */
import { failureText, UNSUBSCRIBED } from '@npo/shared';
import { useState } from 'react';
import { usePageContext } from 'vike-react/usePageContext';
import { FormAlert } from '../../../components/forms/Field';
import { withApi } from '../../../lib/api';

export default function UnsubscribePage() {
  const { urlParsed } = usePageContext();
  const token = urlParsed.search.token ?? '';
  const [busy, setBusy] = useState(false);
  const [done, setDone] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);

  async function unsubscribe() {
    setBusy(true);
    setError(null);
    try {
      const answer = await withApi((api) => api.account.unsubscribe(token));
      setDone(answer.message ?? UNSUBSCRIBED);
    } catch (failure) {
      setError(failureText(failure, 'Failed to unsubscribe. Please try again.'));
    } finally {
      setBusy(false);
    }
  }

  return (
    <>
      <h1 className="auth__title">Unsubscribe</h1>
      {done ? (
        <FormAlert tone="success">
          <p>{done}</p>
          <p>You can turn announcements back on from your account at any time.</p>
        </FormAlert>
      ) : (
        <>
          <p className="auth__subtitle">Stop receiving announcements from us by e-mail?</p>
          {!token && <FormAlert tone="error">This unsubscribe link is not valid.</FormAlert>}
          {error && <FormAlert tone="error">{error}</FormAlert>}
          <div className="auth__actions">
            <button
              type="button"
              className="button button--primary button--block"
              disabled={busy || !token}
              onClick={() => void unsubscribe()}
            >
              {busy ? 'Unsubscribing...' : 'Unsubscribe'}
            </button>
          </div>
        </>
      )}
      <div className="auth__actions">
        <a href="/" className="button button--ghost button--block">
          Go home
        </a>
      </div>
    </>
  );
}
