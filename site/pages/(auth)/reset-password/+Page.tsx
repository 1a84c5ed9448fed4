import { REDIRECT_DELAYS_MS, resetPasswordFormSchema } from '@npo/shared';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { usePageContext } from 'vike-react/usePageContext';
import { PasswordField } from '../../../components/auth/PasswordField';
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
      const answer = await withApi((api) => api.auth.resetPassword(token, input.password, input.confirmPassword));
      setDone(answer.message ?? answer.data?.message ?? RESET_SUCCESS);
    },
    'Failed to reset password. Please try again.',
  );

  if (done) {
    return (
      <>
        <h1 className="auth__title">Reset Password</h1>
        <FormAlert tone="success">
          <p>{done}</p>
          <p>Redirecting to login page...</p>
        </FormAlert>
      </>
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

export default function ResetPasswordPage() {
  const { urlParsed } = usePageContext();
  const token = urlParsed.search.token ?? '';
  const check = useQuery({
    queryKey: ['reset-token', token],
    queryFn: () => withApi((api) => api.auth.checkResetToken(token)),
    enabled: token !== '',
    retry: false,
    staleTime: 0,
    gcTime: 0,
  });

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
