import { Button, Callout } from '@blueprintjs/core';
import { failureText, forgotPasswordSchema, type ForgotPasswordInput } from '@npo/shared';
import { useState } from 'react';
import { FormProvider, useForm } from 'react-hook-form';
import { Link } from 'react-router-dom';
import { api } from '../../api/client';
import { TextField } from '../../ui/form/fields';
import { AuthLayout } from './AuthLayout';
import { schemaResolver } from '../../ui/form/resolver';

/** SPEC 8's admin wording: the server's reply is the same generic one for every kind of account. */
const ADMIN_RESET_SENT = 'If an admin account exists with this email, you will receive a password reset link shortly.';

export default function ForgotPasswordPage() {
  const [sent, setSent] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const form = useForm<ForgotPasswordInput>({
    resolver: schemaResolver(forgotPasswordSchema),
    defaultValues: { email: '' },
  });

  const submit = form.handleSubmit(async ({ email }) => {
    setFailure(null);
    try {
      await api.auth.forgotPassword(email);
      setSent(true);
    } catch (error) {
      setFailure(failureText(error, 'Failed to send reset email. Please try again.'));
    }
  });

  return (
    <AuthLayout
      title="Forgot Password"
      subtitle={sent ? undefined : "Enter your email and we'll send you a reset link."}
    >
      {sent ? (
        <>
          <Callout intent="success" icon="envelope" role="status">
            {ADMIN_RESET_SENT}
          </Callout>
          <p className="auth-footer">
            <Link to="/login">Back to login</Link>
          </p>
        </>
      ) : (
        <FormProvider {...form}>
          <form onSubmit={submit} noValidate>
            {failure && (
              <Callout intent="danger" icon="error" className="form-note" role="alert">
                {failure}
              </Callout>
            )}
            <TextField<ForgotPasswordInput> name="email" label="Email" type="email" autoComplete="email" autoFocus />
            <Button
              type="submit"
              intent="primary"
              size="large"
              fill
              loading={form.formState.isSubmitting}
              text="Send Reset Link"
            />
          </form>
          <p className="auth-footer">
            <Link to="/login">Back to login</Link>
          </p>
        </FormProvider>
      )}
    </AuthLayout>
  );
}
