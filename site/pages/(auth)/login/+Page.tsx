import { deviceTokenFor, isAdminRole, isTwoFactorChallenge, keepDeviceToken, memberLoginSchema } from '@npo/shared';
import { useEffect, useEffectEvent, useState } from 'react';
import { usePageContext } from 'vike-react/usePageContext';
import { useRedirectWhenLoggedIn } from '../../../components/auth/useRedirectWhenLoggedIn';
import { PasswordField } from '../../../components/auth/PasswordField';
import { FormAlert, TextField } from '../../../components/forms/Field';
import { Form } from '../../../components/forms/Form';
import { withApi } from '../../../lib/api';
import { useAuth } from '../../../lib/auth';
import { useSchemaForm } from '../../../lib/form';
import { deviceTokenStorage } from '../../../lib/session-storage';
import { useContent } from '../../../lib/content';
import { activityToRegisterFor, navigate, safeNextPath } from '../../../lib/navigation';
import { takeSignupHandover } from '../../../lib/signup-handover';
import { useFormSubmit } from '../../../lib/submit';

const ADMIN_REFUSED = 'Admin accounts must use the admin login page at /admin/login';
const ACCOUNT_CREATED = 'Account created. Log in with your new password.';

/** Right after sign-up: the notice and the e-mail, handed over once (read after hydration, so the HTML stays the plain page). */
function useAccountCreated(fillEmail: (email: string) => void): boolean {
  const [created, setCreated] = useState(false);
  const fill = useEffectEvent(fillEmail);
  useEffect(() => {
    const email = takeSignupHandover();
    if (email === null) return;
    fill(email);
    // Once, after hydration: sessionStorage is the browser's, and the server's HTML is the plain page.
    // eslint-disable-next-line react-hooks/set-state-in-effect -- a one-time read of browser storage
    setCreated(true);
  }, []);
  return created;
}

/** What this login is for: registering for the activity it returns to, named once the list has it. */
function RegisterPurpose({ activityId }: { activityId: number }) {
  const upcoming = useContent('upcomingActivities');
  const activity = upcoming.data?.find((candidate) => candidate.id === activityId);
  return <>{activity ? `Log in to register for ${activity.title}.` : 'Log in to register for this activity.'}</>;
}

export default function LoginPage() {
  const auth = useAuth();
  const leavingRef = useRedirectWhenLoggedIn();
  const { urlParsed } = usePageContext();
  const registeringFor = activityToRegisterFor(urlParsed.search);
  // A new member signs up first and still comes back to where this login leads.
  const next = safeNextPath(urlParsed.search, '');
  const signup = next ? `/signup?next=${encodeURIComponent(next)}` : '/signup';
  const form = useSchemaForm({ initialValues: { email: '', password: '' }, schema: memberLoginSchema });
  const accountCreated = useAccountCreated((email) => form.setValue('email', email));
  const { submit, submitting, error } = useFormSubmit(
    form.validateAll,
    async (input) => {
      const devices = deviceTokenStorage();
      const answer = await withApi((api) =>
        api.auth.login(input.email, input.password, deviceTokenFor(devices, input.email)),
      );
      // Only staff are asked for a second factor, and staff sign in at the console.
      if (isTwoFactorChallenge(answer)) return ADMIN_REFUSED;
      const { user, token } = answer;
      if (!user || !token) return 'Invalid response from server';
      // Staff sessions belong to the console: nothing is stored here.
      if (isAdminRole(user.role)) return ADMIN_REFUSED;
      // Kept past sign-out: this browser's next sign-ins are not refused for others' traffic (issue 19).
      keepDeviceToken(devices, input.email, answer.deviceToken);
      leavingRef.current = true;
      auth.setCredentials(user, token);
      await navigate(safeNextPath(urlParsed.search));
    },
    'Login failed',
    form.showServerErrors,
  );

  return (
    <>
      <h1 className="auth__title">Welcome back</h1>
      <p className="auth__subtitle">
        {registeringFor ? <RegisterPurpose activityId={registeringFor} /> : 'Log in to your member account.'}
      </p>
      <Form className="form" onSubmit={submit}>
        {error && <FormAlert tone="error">{error}</FormAlert>}
        {accountCreated && !error && <FormAlert tone="success">{ACCOUNT_CREATED}</FormAlert>}
        <TextField label="Email" name="email" type="email" autoComplete="email" {...form.bind('email')} />
        <PasswordField
          label="Password"
          name="password"
          autoComplete="current-password"
          {...form.bind('password')}
          aside={
            <a href="/forgot-password" className="field__aside-link">
              Forgot password?
            </a>
          }
        />
        <button type="submit" className="button button--primary button--block" disabled={submitting}>
          {submitting ? 'Logging in...' : 'Log in'}
        </button>
      </Form>
      <p className="auth__switch">
        New here? <a href={signup}>Create an account</a>
      </p>
    </>
  );
}
