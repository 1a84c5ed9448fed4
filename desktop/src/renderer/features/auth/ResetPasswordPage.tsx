/**
 * Admin reset and invitation links both land here (/admin/reset-password?token=…): the token is
 * checked first, then a new password is chosen, then the login follows after 3 seconds. The check
 * says what the token is for: an invited admin is welcomed and chooses a first password, while a
 * reset keeps SPEC's texts.
 */
import { Button, Callout, Spinner } from '@blueprintjs/core';
import {
  failureText,
  REDIRECT_DELAYS_MS,
  resetPasswordFormSchema,
  type AccountTokenPurpose,
  type ResetPasswordFormInput,
} from '@npo/shared';
import { QueryClientProvider, useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { FormProvider, useForm } from 'react-hook-form';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { api } from '../../api/client';
import { queryClient } from '../../api/console-query-client';
import { TextField } from '../../ui/form/fields';
import { AuthLayout } from './AuthLayout';
import { schemaResolver } from '../../ui/form/resolver';

const DEFAULT_SUCCESS = 'Password has been reset successfully.';
const WELCOME_TITLE = 'Welcome — choose your password';

/** The texts of the form and its outcome: SPEC's for a reset, a welcome for an invitation. */
const TEXTS = {
  reset: {
    title: 'Reset Password',
    lead: 'Choose a new password for',
    submit: 'Reset Password',
    done: 'Reset Password',
  },
  invitation: {
    title: WELCOME_TITLE,
    lead: 'You have been invited to the admin console. Choose the password you will sign in with as',
    submit: 'Set Password',
    done: 'Welcome',
  },
} satisfies Record<AccountTokenPurpose, { title: string; lead: string; submit: string; done: string }>;

function InvalidLink() {
  return (
    <AuthLayout title="Invalid Reset Link">
      <Callout intent="danger" icon="error">
        This password reset link is invalid or has expired.
      </Callout>
      <div className="auth-actions">
        <Link className="bp6-button bp6-intent-primary" to="/forgot-password">
          Request a new link
        </Link>
        <Link className="bp6-button" to="/login">
          Back to login
        </Link>
      </div>
    </AuthLayout>
  );
}

function Succeeded({ message, title }: { message: string; title: string }) {
  const navigate = useNavigate();
  useEffect(() => {
    const timer = window.setTimeout(() => navigate('/login', { replace: true }), REDIRECT_DELAYS_MS.resetSuccess);
    return () => window.clearTimeout(timer);
  }, [navigate]);
  return (
    <AuthLayout title={title}>
      <Callout intent="success" icon="tick-circle" role="status">
        <p>{message}</p>
        <p>Redirecting to login page...</p>
      </Callout>
    </AuthLayout>
  );
}

function NewPasswordForm({
  token,
  email,
  purpose,
  onDone,
}: {
  token: string;
  email: string | null;
  purpose: AccountTokenPurpose;
  onDone: (message: string) => void;
}) {
  const texts = TEXTS[purpose];
  const [failure, setFailure] = useState<string | null>(null);
  const form = useForm<ResetPasswordFormInput>({
    resolver: schemaResolver(resetPasswordFormSchema),
    defaultValues: { password: '', confirmPassword: '' },
  });
  const submit = form.handleSubmit(async ({ password }) => {
    setFailure(null);
    try {
      const result = await api.auth.resetPassword(token, password);
      onDone(result.data?.message ?? result.message ?? DEFAULT_SUCCESS);
    } catch (error) {
      setFailure(failureText(error, 'Failed to reset password. Please try again.'));
    }
  });
  return (
    <AuthLayout
      title={texts.title}
      subtitle={
        email ? (
          <>
            {texts.lead} <strong>{email}</strong>
          </>
        ) : undefined
      }
    >
      <FormProvider {...form}>
        <form onSubmit={submit} noValidate>
          {failure && (
            <Callout intent="danger" icon="error" className="form-note" role="alert">
              {failure}
            </Callout>
          )}
          <TextField<ResetPasswordFormInput>
            name="password"
            label="New Password"
            type="password"
            autoComplete="new-password"
            autoFocus
          />
          <TextField<ResetPasswordFormInput>
            name="confirmPassword"
            label="Confirm Password"
            type="password"
            autoComplete="new-password"
          />
          <Button
            type="submit"
            intent="primary"
            size="large"
            fill
            loading={form.formState.isSubmitting}
            text={texts.submit}
          />
        </form>
      </FormProvider>
      <p className="auth-footer">
        <Link to="/login">Back to login</Link>
      </p>
    </AuthLayout>
  );
}

function ResetPasswordScreen() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const [doneMessage, setDoneMessage] = useState<string | null>(null);
  const check = useQuery({
    queryKey: ['reset-token', token],
    queryFn: () => api.auth.checkResetToken(token),
    enabled: token !== '',
    retry: false,
    staleTime: Infinity,
  });

  // Told by the token check: without a purpose the token is a reset's.
  const purpose: AccountTokenPurpose = check.data?.purpose ?? 'reset';
  if (doneMessage) return <Succeeded message={doneMessage} title={TEXTS[purpose].done} />;
  if (!token || check.isError || (check.isSuccess && !check.data.valid)) return <InvalidLink />;
  if (check.isPending) {
    return (
      <AuthLayout title="Reset Password">
        <div className="state-block" role="status">
          <Spinner size={24} aria-hidden />
          <p>Verifying reset token...</p>
        </div>
      </AuthLayout>
    );
  }
  return <NewPasswordForm token={token} email={check.data.email} purpose={purpose} onDone={setDoneMessage} />;
}

/** Signed out, the console's query client is not provided yet: this screen brings it along. */
export default function ResetPasswordPage() {
  return (
    <QueryClientProvider client={queryClient}>
      <ResetPasswordScreen />
    </QueryClientProvider>
  );
}
