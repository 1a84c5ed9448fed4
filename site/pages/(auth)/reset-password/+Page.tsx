import { REDIRECT_DELAYS_MS, resetPasswordFormSchema, type ResetTokenCheck } from '@npo/shared';
import { useEffect, useState } from 'react';
import { usePageContext } from 'vike-react/usePageContext';
import { PasswordField } from '../../../components/auth/PasswordField';
import { DonePanel } from '../../../components/auth/DonePanel';
import { FormAlert } from '../../../components/forms/Field';
import { Form } from '../../../components/forms/Form';
import { withApi } from '../../../lib/api';
import { useSchemaForm } from '../../../lib/form';
import { useFormSubmit, useRedirectAfter } from '../../../lib/submit';

const RESET_SUCCESS = 'Password has been reset successfully.';

function InvalidLink() {
  return (
    <>
      <h1 className="auth__title">Invalid Reset Link</h1>
      <p className="auth__subtitle">This password reset link is invalid or has expired.</p>
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

function ResetForm({ token, email }: { token: string; email: string | null }) {
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
      <DonePanel title="Reset Password">
        <p>{done}</p>
        <p>Redirecting to login page...</p>
      </DonePanel>
    );
  }

  return (
    <>
      <h1 className="auth__title">Reset Password</h1>
      {email && (
        <p className="auth__subtitle">
          Choose a new password for <strong>{email}</strong>.
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
          {submitting ? 'Resetting...' : 'Reset Password'}
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

export default function ResetPasswordPage() {
  const { urlParsed } = usePageContext();
  const token = urlParsed.search.token ?? '';
  const check = useTokenCheck(token);

  if (!token) return <InvalidLink />;
  if (check.isPending)
    return (
      <p className="status-text" role="status">
        Verifying reset token...
      </p>
    );
  if (check.isError || !check.data.valid) return <InvalidLink />;
  return <ResetForm token={token} email={check.data.email} />;
}
