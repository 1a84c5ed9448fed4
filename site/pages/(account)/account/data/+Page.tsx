/**
 * Members' data rights (issue 22 item 3): "Download my data" saves everything the site keeps about
 * the signed-in member as a JSON file, and "Close my account" erases it once the password confirms
 * it (the server mails a notice to the old address and signs every session out). A visitor without a
 * session is sent to log in first, like the password page.
 */
import { closeAccountSchema } from '@npo/shared';
import { useEffect, useState } from 'react';
import { PasswordField } from '../../../../components/auth/PasswordField';
import { DonePanel } from '../../../../components/auth/DonePanel';
import { FormAlert } from '../../../../components/forms/Field';
import { Form } from '../../../../components/forms/Form';
import { statusOf, withApi } from '../../../../lib/api';
import { useAuth } from '../../../../lib/auth';
import { useSchemaForm } from '../../../../lib/form';
import { navigate } from '../../../../lib/navigation';
import { readSession } from '../../../../lib/session-storage';
import { useFormSubmit } from '../../../../lib/submit';
import { failureText } from '@npo/shared';

const PATH = '/account/data';
const LOGIN = `/login?next=${encodeURIComponent(PATH)}`;
const CLOSED = 'Your account has been closed and your personal data erased.';

function useLoginRequired(): void {
  useEffect(() => {
    if (!readSession()) void navigate(LOGIN, { overwriteLastHistoryEntry: true });
  }, []);
}

/** Saves `blob` under `name` through a temporary link (the file came with the token, not by a plain link). */
function saveFile(blob: Blob, name: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

function DownloadData({ onSignedOut }: { onSignedOut: () => void }) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  async function download() {
    setBusy(true);
    setError(null);
    try {
      const file = await withApi((api) => api.account.downloadData());
      saveFile(file, `my-data-${new Date().toISOString().slice(0, 10)}.json`);
    } catch (failure) {
      if (statusOf(failure) === 401) onSignedOut();
      setError(failureText(failure, 'Failed to download your data. Please try again.'));
    } finally {
      setBusy(false);
    }
  }
  return (
    <section className="account-section" aria-labelledby="download-title">
      <h2 id="download-title" className="account-section__title">
        Download my data
      </h2>
      <p>
        A JSON file with your profile, your activity registrations and attendance, your certificates (with their
        codes and verification links), your waitlist places, your CPD hours, the contact messages sent from your
        e-mail address and your announcement preference.
      </p>
      {error && <FormAlert tone="error">{error}</FormAlert>}
      <button type="button" className="button button--secondary button--block" disabled={busy} onClick={download}>
        {busy ? 'Preparing...' : 'Download my data'}
      </button>
    </section>
  );
}

/** "Receive announcements": the member's choice, read from the server and saved at once on change. */
function AnnouncementSwitch({ onSignedOut }: { onSignedOut: () => void }) {
  const [receive, setReceive] = useState<boolean | null>(null);
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<{ tone: 'error' | 'success'; text: string } | null>(null);
  useEffect(() => {
    if (!readSession()) return;
    let current = true;
    withApi((api) => api.account.preferences()).then(
      (answer) => current && setReceive(answer.receiveAnnouncements),
      (failure: unknown) => current && setMessage({ tone: 'error', text: failureText(failure, 'Could not load.') }),
    );
    return () => {
      current = false;
    };
  }, []);
  async function change(next: boolean) {
    // Shown at once; put back if the server refuses.
    setReceive(next);
    setBusy(true);
    setMessage(null);
    try {
      const answer = await withApi((api) => api.account.setPreferences(next));
      setReceive(answer.data.receiveAnnouncements);
      setMessage({ tone: 'success', text: next ? 'You will receive announcements.' : 'Announcements are off.' });
    } catch (failure) {
      setReceive(!next);
      if (statusOf(failure) === 401) onSignedOut();
      setMessage({ tone: 'error', text: failureText(failure, 'Failed to save. Please try again.') });
    } finally {
      setBusy(false);
    }
  }
  return (
    <section className="account-section" aria-labelledby="announcements-title">
      <h2 id="announcements-title" className="account-section__title">
        Announcements
      </h2>
      <p>News from the organisation by e-mail. Every announcement also has a link to unsubscribe.</p>
      <label className="account-switch">
        <input
          type="checkbox"
          role="switch"
          checked={receive ?? false}
          disabled={receive === null || busy}
          onChange={(event) => void change(event.target.checked)}
        />
        Receive announcements
      </label>
      {message && <FormAlert tone={message.tone}>{message.text}</FormAlert>}
    </section>
  );
}

export default function AccountDataPage() {
  useLoginRequired();
  const auth = useAuth();
  const form = useSchemaForm({ initialValues: { password: '' }, schema: closeAccountSchema });
  const [done, setDone] = useState<string | null>(null);
  const signedOut = () => {
    auth.logout();
    void navigate(LOGIN);
  };
  const { submit, submitting, error } = useFormSubmit(
    form.validateAll,
    async (input) => {
      try {
        const answer = await withApi((api) => api.account.close(input));
        // The server has ended every session: only the stored credentials are left to clear.
        auth.logout();
        setDone(answer.message ?? CLOSED);
      } catch (failure) {
        if (statusOf(failure) === 401) signedOut();
        throw failure;
      }
    },
    'Failed to close your account. Please try again.',
  );

  if (done) {
    return (
      <DonePanel title="Account closed" homeLink>
        <p>{done}</p>
      </DonePanel>
    );
  }

  return (
    <>
      <h1 className="auth__title">Your data</h1>
      <p className="auth__subtitle">
        {auth.user?.email ? (
          <>
            For <strong>{auth.user.email}</strong>.
          </>
        ) : (
          'Your member account.'
        )}
      </p>
      <AnnouncementSwitch onSignedOut={signedOut} />
      <DownloadData onSignedOut={signedOut} />
      <section className="account-section" aria-labelledby="close-title">
        <h2 id="close-title" className="account-section__title">
          Close my account
        </h2>
        <p>
          Your name, e-mail address, password and sessions are erased, and so are the contact messages sent from your
          address. Your activity registrations are kept without anything that names you. This cannot be undone; we
          send a last e-mail to confirm it.
        </p>
        <Form className="form" onSubmit={submit}>
          {error && <FormAlert tone="error">{error}</FormAlert>}
          <PasswordField
            label="Password"
            name="password"
            autoComplete="current-password"
            hint="Enter your password to confirm."
            {...form.bind('password')}
          />
          <button type="submit" className="button button--danger button--block" disabled={submitting}>
            {submitting ? 'Closing...' : 'Close my account'}
          </button>
        </Form>
      </section>
    </>
  );
}
