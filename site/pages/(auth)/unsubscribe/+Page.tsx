/**
 * The page of an announcement mail's unsubscribe link (issue 22 item 2). Opening it changes nothing:
 * link scanners and previews GET it, so the member confirms with a button that POSTs the signed token
 * (a mail client's RFC 8058 one-click POST goes to the same URL and is handled by the server directly).
 * No sign-in is needed. A link that is not one of ours (missing, cut short, or refused by the server)
 * says so and offers no button.
 */
import { failureText, UNSUBSCRIBE_LINK_INVALID, UNSUBSCRIBE_TOKEN_SHAPE, UNSUBSCRIBED } from '@npo/shared';
import { useState } from 'react';
import { usePageContext } from 'vike-react/usePageContext';
import { FormAlert } from '../../../components/forms/Field';
import { statusOf, withApi } from '../../../lib/api';

type Outcome = { kind: 'done' | 'failed'; message: string } | { kind: 'invalid' } | null;

export default function UnsubscribePage() {
  const { urlParsed } = usePageContext();
  const token = urlParsed.search.token ?? '';
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<Outcome>(UNSUBSCRIBE_TOKEN_SHAPE.test(token) ? null : { kind: 'invalid' });

  async function unsubscribe() {
    setBusy(true);
    setOutcome(null);
    try {
      const answer = await withApi((api) => api.account.unsubscribe(token));
      setOutcome({ kind: 'done', message: answer.message ?? UNSUBSCRIBED });
    } catch (failure) {
      // 400: the signature is not ours. Anything else (offline, a busy server) may pass on a retry.
      if (statusOf(failure) === 400) setOutcome({ kind: 'invalid' });
      else setOutcome({ kind: 'failed', message: failureText(failure, 'Failed to unsubscribe. Please try again.') });
    } finally {
      setBusy(false);
    }
  }

  return (
    <>
      <h1 className="auth__title">Unsubscribe</h1>
      {outcome?.kind === 'done' ? (
        <FormAlert tone="success">
          <p>{outcome.message}</p>
          <p>You can turn announcements back on from your account at any time.</p>
        </FormAlert>
      ) : outcome?.kind === 'invalid' ? (
        <FormAlert tone="error">
          <p>{UNSUBSCRIBE_LINK_INVALID}</p>
          <p>Use the link of the latest announcement you received, or turn announcements off in your account.</p>
        </FormAlert>
      ) : (
        <>
          <p className="auth__subtitle">Stop receiving announcements from us by e-mail?</p>
          {outcome?.kind === 'failed' && <FormAlert tone="error">{outcome.message}</FormAlert>}
          <div className="auth__actions">
            <button
              type="button"
              className="button button--primary button--block"
              disabled={busy}
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
