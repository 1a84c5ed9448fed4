/**
 * The page of a waitlist offer's link (issue 58): a place freed in a full activity, held for the
 * person first in line. Opening it changes nothing (link scanners and previews GET it): they take the
 * place with a button that POSTs the link's token. No sign-in is needed; the token is the proof.
 */
import { failureText, formatPublicActivityDate, type Activity } from '@npo/shared';
import { useState } from 'react';
import { usePageContext } from 'vike-react/usePageContext';
import { FormAlert } from '../../../../components/forms/Field';
import { statusOf, withApi } from '../../../../lib/api';

type Outcome =
  { kind: 'done'; activity: Activity } | { kind: 'refused' | 'failed'; message: string } | { kind: 'invalid' } | null;

const INVALID = 'This link is not valid any more: the place was taken, or it went to the next person in line.';

export default function AcceptOfferPage() {
  const { urlParsed } = usePageContext();
  const token = urlParsed.search.token ?? '';
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<Outcome>(token === '' ? { kind: 'invalid' } : null);

  async function accept() {
    setBusy(true);
    setOutcome(null);
    try {
      const answer = await withApi((api) => api.content.acceptWaitlistOffer(token));
      setOutcome({ kind: 'done', activity: answer.data });
    } catch (failure) {
      const status = statusOf(failure);
      // 404: no such offer; 409: it ran out, or the activity took place. Others may pass on a retry.
      if (status === 404 || status === 400) setOutcome({ kind: 'invalid' });
      else if (status === 409) setOutcome({ kind: 'refused', message: failureText(failure, INVALID) });
      else setOutcome({ kind: 'failed', message: failureText(failure, 'Failed to take the place. Please try again.') });
    } finally {
      setBusy(false);
    }
  }

  return (
    <>
      <h1 className="auth__title">Take your place</h1>
      {outcome?.kind === 'done' ? (
        <FormAlert tone="success">
          <p>
            You are registered for “{outcome.activity.title}” on {formatPublicActivityDate(outcome.activity.date)}.
          </p>
          <p>We will send you a reminder before it starts.</p>
        </FormAlert>
      ) : outcome?.kind === 'invalid' || outcome?.kind === 'refused' ? (
        <FormAlert tone="error">
          <p>{outcome.kind === 'refused' ? outcome.message : INVALID}</p>
        </FormAlert>
      ) : (
        <>
          <p className="auth__subtitle">A place has become free for you. Take it now?</p>
          {outcome?.kind === 'failed' && <FormAlert tone="error">{outcome.message}</FormAlert>}
          <div className="auth__actions">
            <button
              type="button"
              className="button button--primary button--block"
              disabled={busy}
              onClick={() => void accept()}
            >
              {busy ? 'Taking the place...' : 'Take the place'}
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
