import { forgotPasswordSchema } from '@npo/shared';
import { useState } from 'react';
import { FormAlert, TextField } from '../../../components/forms/Field';
import { Form } from '../../../components/forms/Form';
import { withApi } from '../../../lib/api';
import { useSchemaForm } from '../../../lib/form';
import { useFormSubmit } from '../../../lib/submit';

const FORGOT_SUCCESS = 'If an account exists with this email, you will receive a password reset link shortly.';

export default function ForgotPasswordPage() {
  const form = useSchemaForm({ initialValues: { email: '' }, schema: forgotPasswordSchema });
  const [sent, setSent] = useState<string | null>(null);
  const { submit, submitting, error } = useFormSubmit(
    form.validateAll,
    async (input) => {
      const answer = await withApi((api) => api.auth.forgotPassword(input.email));
      setSent(answer.message ?? answer.data?.message ?? FORGOT_SUCCESS);
    },
    'Failed to send reset email. Please try again.',
    form.showServerErrors,
  );

  return (
    <>
      <h1 className="auth__title">Forgot your password?</h1>
      {sent ? (
        <div className="form">
          <FormAlert tone="success">{sent}</FormAlert>
          <p className="auth__links">
            <a href="/login">Back to login</a>
            <a href="/">Go to the homepage</a>
          </p>
        </div>
      ) : (
        <>
          <p className="auth__subtitle">
            Enter the email address you registered with and we will send you a link to reset your password.
          </p>
          <Form className="form" onSubmit={submit}>
            {error && <FormAlert tone="error">{error}</FormAlert>}
            <TextField label="Email" name="email" type="email" autoComplete="email" {...form.bind('email')} />
            <button type="submit" className="button button--primary button--block" disabled={submitting}>
              {submitting ? 'Sending...' : 'Send Reset Link'}
            </button>
          </Form>
          <p className="auth__switch">
            Remembered it? <a href="/login">Back to login</a>
          </p>
        </>
      )}
    </>
  );
}
