import { REDIRECT_DELAYS_MS, signupSchema } from '@npo/shared';
import { useEffect, useState, type FormEvent } from 'react';
import { useRedirectWhenLoggedIn } from '../../../components/auth/useRedirectWhenLoggedIn';
import { PasswordField } from '../../../components/auth/PasswordField';
import { FormAlert, TextField } from '../../../components/forms/Field';
import { Form } from '../../../components/forms/Form';
import { messageOf, withApi } from '../../../lib/api';
import { useSchemaForm } from '../../../lib/form';
import { navigate } from '../../../lib/navigation';

const SIGNUP_FALLBACK_MESSAGE = 'Registration successful! Please log in.';

export default function SignupPage() {
  useRedirectWhenLoggedIn();
  const form = useSchemaForm({ initialValues: { name: '', email: '', password: '' }, schema: signupSchema });
  const [submitting, setSubmitting] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);

  // SPEC 4: an answer without user or id shows the notice, then /login follows after 2 s.
  useEffect(() => {
    if (!notice) return;
    const timer = setTimeout(() => void navigate('/login'), REDIRECT_DELAYS_MS.signupFallback);
    return () => clearTimeout(timer);
  }, [notice]);

  async function submit(event: FormEvent) {
    event.preventDefault();
    setError(null);
    const input = form.validateAll();
    if (!input) return;
    setSubmitting(true);
    try {
      const { data } = await withApi((api) => api.auth.register(input));
      if (data?.user || data?.id) {
        await navigate('/login');
        return;
      }
      setNotice(SIGNUP_FALLBACK_MESSAGE);
    } catch (failure) {
      setError(messageOf(failure, 'Signup failed'));
      setSubmitting(false);
    }
  }

  return (
    <>
      <h1 className="auth__title">Create your account</h1>
      <p className="auth__subtitle">Membership is currently free.</p>
      {notice ? (
        <FormAlert tone="success">{notice}</FormAlert>
      ) : (
        <Form className="form" onSubmit={submit}>
          {error && <FormAlert tone="error">{error}</FormAlert>}
          <TextField label="Full name" name="name" autoComplete="name" {...form.bind('name')} />
          <TextField label="Email" name="email" type="email" autoComplete="email" {...form.bind('email')} />
          <PasswordField
            label="Password"
            name="password"
            autoComplete="new-password"
            hint="At least 6 characters."
            {...form.bind('password')}
          />
          <button type="submit" className="button button--primary button--block" disabled={submitting}>
            {submitting ? 'Creating...' : 'Create account'}
          </button>
        </Form>
      )}
      <p className="auth__switch">
        Already have an account? <a href="/login">Log in</a>
      </p>
    </>
  );
}
