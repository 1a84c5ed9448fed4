/**
 * Admin reset and invitation links both land here (/admin/reset-password?token=…): the token is
 * checked first, then a new password is chosen, then the login follows after 3 seconds.
 */
import { Button, Callout, Spinner } from '@blueprintjs/core';
import { failureText, REDIRECT_DELAYS_MS, resetPasswordFormSchema, type ResetPasswordFormInput } from '@npo/shared';
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

function Succeeded({ message }: { message: string }) {
  const navigate = useNavigate();
  useEffect(() => {
    const timer = window.setTimeout(() => navigate('/login', { replace: true }), REDIRECT_DELAYS_MS.resetSuccess);
    return () => window.clearTimeout(timer);
  }, [navigate]);
  return (
    <AuthLayout title="Reset Password">
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
  onDone,
}: {
  token: string;
  email: string | null;
  onDone: (message: string) => void;
}) {
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
      title="Reset Password"
      subtitle={
        email ? (
          <>
            Choose a new password for <strong>{email}</strong>
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
            text="Reset Password"
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

  if (doneMessage) return <Succeeded message={doneMessage} />;
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
  return <NewPasswordForm token={token} email={check.data.email} onDone={setDoneMessage} />;
}

/** Signed out, the console's query client is not provided yet: this screen brings it along. */
export default function ResetPasswordPage() {
  return (
    <QueryClientProvider client={queryClient}>
      <ResetPasswordScreen />
    </QueryClientProvider>
  );
}
