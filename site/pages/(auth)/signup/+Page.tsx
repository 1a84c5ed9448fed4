import { REDIRECT_DELAYS_MS, signupSchema } from '@npo/shared';
import { useState } from 'react';
import { usePageContext } from 'vike-react/usePageContext';
import { useRedirectWhenLoggedIn } from '../../../components/auth/useRedirectWhenLoggedIn';
import { PasswordField } from '../../../components/auth/PasswordField';
import { FormAlert, TextField } from '../../../components/forms/Field';
import { Form } from '../../../components/forms/Form';
import { withApi } from '../../../lib/api';
import { useSchemaForm } from '../../../lib/form';
import { navigate, safeNextPath } from '../../../lib/navigation';
import { handOverSignup } from '../../../lib/signup-handover';
import { useFormSubmit, useRedirectAfter } from '../../../lib/submit';

const SIGNUP_FALLBACK_MESSAGE = 'Registration successful! Please log in.';

export default function SignupPage() {
  useRedirectWhenLoggedIn();
  // Came from a login with somewhere to return to (an activity to register for): the login after keeps it.
  const next = safeNextPath(usePageContext().urlParsed.search, '');
  const login = next ? `/login?next=${encodeURIComponent(next)}` : '/login';
  const form = useSchemaForm({ initialValues: { name: '', email: '', password: '' }, schema: signupSchema });
  const [notice, setNotice] = useState<string | null>(null);
  // SPEC 4: an answer without user or id shows the notice, then /login follows after 2 s.
  useRedirectAfter(notice, login, REDIRECT_DELAYS_MS.signupFallback);
  const { submit, submitting, error } = useFormSubmit(
    form.validateAll,
    async (input) => {
      const { data } = await withApi((api) => api.auth.register(input));
      if (data?.user || data?.id) {
        // The login page says the account exists and fills the e-mail in (not through the URL).
        handOverSignup(input.email);
        await navigate(login);
      } else setNotice(SIGNUP_FALLBACK_MESSAGE);
    },
    'Signup failed',
    form.showServerErrors,
  );

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
        Already have an account? <a href={login}>Log in</a>
      </p>
    </>
  );
}
