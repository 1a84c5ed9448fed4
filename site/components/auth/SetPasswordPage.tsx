/**
 * A mailed link's page (the token in ?token=): /reset-password for a reset, /welcome for the first
 * link of an imported member (issue 55 item 9), as staff invitations are welcomed in the console. The
 * token check says what the token is for, and the form follows it: SPEC's texts for a reset, a welcome
 * for an invitation (so an older welcome mail pointing at /reset-password is welcomed too). Only the
 * refusal follows the address, since an unknown token says nothing of its purpose.
 */
import {
  REDIRECT_DELAYS_MS,
  resetPasswordFormSchema,
  type AccountTokenPurpose,
  type ResetTokenCheck,
} from '@npo/shared';
import { useEffect, useState } from 'react';
import { usePageContext } from 'vike-react/usePageContext';
import { PasswordField } from './PasswordField';
import { DonePanel } from './DonePanel';
import { FormAlert } from '../forms/Field';
import { Form } from '../forms/Form';
import { withApi } from '../../lib/api';
import { useSchemaForm } from '../../lib/form';
import { useFormSubmit, useRedirectAfter } from '../../lib/submit';

const RESET_SUCCESS = 'Password has been reset successfully.';

/** Which link the address is: it chooses the refusal's words. */
export type SetPasswordLink = 'reset' | 'welcome';

const INVALID: Record<SetPasswordLink, { title: string; text: string }> = {
  reset: { title: 'Invalid Reset Link', text: 'This password reset link is invalid or has expired.' },
  welcome: {
    title: 'Invalid Welcome Link',
    text: 'This welcome link is invalid or has expired. Request a new link to choose your password.',
  },
};

/** The form's texts: SPEC's for a reset, a welcome (worded as the console's invitation page) otherwise. */
const TEXTS = {
  reset: { title: 'Reset Password', lead: 'Choose a new password for', submit: 'Reset Password', busy: 'Resetting...' },
  invitation: {
    title: 'Welcome — choose your password',
    lead: 'Your membership has moved to our new site. Choose the password you will sign in with as',
    submit: 'Set Password',
    busy: 'Setting...',
  },
} satisfies Record<AccountTokenPurpose, { title: string; lead: string; submit: string; busy: string }>;

const DONE_TITLE: Record<AccountTokenPurpose, string> = { reset: 'Reset Password', invitation: 'Welcome' };

function InvalidLink({ link }: { link: SetPasswordLink }) {
  return (
    <>
      <h1 className="auth__title">{INVALID[link].title}</h1>
      <p className="auth__subtitle">{INVALID[link].text}</p>
      <div className="auth__actions">
        <a href="/forgot-password" className="button button--primary button--block">
          Request a new link
        </a>
        <a href="/login" className="button button--secondary button--block">
          Back to login
        </a>
        <a href="/" className="button button--ghost button--block">
          Go home
        </a>
      </div>
    </>
  );
}

function ResetForm({ token, email, purpose }: { token: string; email: string | null; purpose: AccountTokenPurpose }) {
  const texts = TEXTS[purpose];
  const form = useSchemaForm({ initialValues: { password: '', confirmPassword: '' }, schema: resetPasswordFormSchema });
  const [done, setDone] = useState<string | null>(null);
  // SPEC 4: the success message stays 3 s, then the login page.
  useRedirectAfter(done, '/login', REDIRECT_DELAYS_MS.resetSuccess);
  const { submit, submitting, error } = useFormSubmit(
    form.validateAll,
    async (input) => {
      const answer = await withApi((api) => api.auth.resetPassword(token, input.password));
      setDone(answer.message ?? answer.data?.message ?? RESET_SUCCESS);
    },
    'Failed to reset password. Please try again.',
    form.showServerErrors,
  );

  if (done) {
    return (
      <DonePanel title={DONE_TITLE[purpose]}>
        <p>{done}</p>
        <p>Redirecting to login page...</p>
      </DonePanel>
    );
  }

  return (
    <>
      <h1 className="auth__title">{texts.title}</h1>
      {email && (
        <p className="auth__subtitle">
          {texts.lead} <strong>{email}</strong>.
        </p>
      )}
      <Form className="form" onSubmit={submit}>
        {error && <FormAlert tone="error">{error}</FormAlert>}
        <PasswordField label="New Password" name="password" autoComplete="new-password" {...form.bind('password')} />
        <PasswordField
          label="Confirm Password"
          name="confirmPassword"
          autoComplete="new-password"
          {...form.bind('confirmPassword')}
        />
        <button type="submit" className="button button--primary button--block" disabled={submitting}>
          {submitting ? texts.busy : texts.submit}
        </button>
      </Form>
    </>
  );
}

type TokenCheck =
  | { isPending: true; isError: false; data?: undefined }
  | { isPending: false; isError: true; data?: undefined }
  | { isPending: false; isError: false; data: ResetTokenCheck };

/** The link's token asked about once per token (no retry: a refused token stays refused). */
function useTokenCheck(token: string): TokenCheck {
  const [answer, setAnswer] = useState<{ token: string; check: TokenCheck } | null>(null);
  useEffect(() => {
    if (!token) return;
    let current = true;
    withApi((api) => api.auth.checkResetToken(token)).then(
      (data) => current && setAnswer({ token, check: { isPending: false, isError: false, data } }),
      () => current && setAnswer({ token, check: { isPending: false, isError: true } }),
    );
    return () => {
      current = false;
    };
  }, [token]);
  return answer?.token === token ? answer.check : { isPending: true, isError: false };
}

export function SetPasswordPage({ link }: { link: SetPasswordLink }) {
  const { urlParsed } = usePageContext();
  const token = urlParsed.search.token ?? '';
  const check = useTokenCheck(token);

  if (!token) return <InvalidLink link={link} />;
  if (check.isPending)
    return (
      <p className="status-text" role="status">
        {link === 'welcome' ? 'Checking your link...' : 'Verifying reset token...'}
      </p>
    );
  if (check.isError || !check.data.valid) return <InvalidLink link={link} />;
  return <ResetForm token={token} email={check.data.email} purpose={check.data.purpose ?? 'reset'} />;
}
