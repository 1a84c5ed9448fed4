import { deviceTokenFor, isAdminRole, isTwoFactorChallenge, keepDeviceToken, memberLoginSchema } from '@npo/shared';
import { usePageContext } from 'vike-react/usePageContext';
import { useRedirectWhenLoggedIn } from '../../../components/auth/useRedirectWhenLoggedIn';
import { PasswordField } from '../../../components/auth/PasswordField';
import { FormAlert, TextField } from '../../../components/forms/Field';
import { Form } from '../../../components/forms/Form';
import { withApi } from '../../../lib/api';
import { useAuth } from '../../../lib/auth';
import { useSchemaForm } from '../../../lib/form';
import { deviceTokenStorage } from '../../../lib/session-storage';
import { navigate, safeNextPath } from '../../../lib/navigation';
import { useFormSubmit } from '../../../lib/submit';

const ADMIN_REFUSED = 'Admin accounts must use the admin login page at /admin/login';

export default function LoginPage() {
  const auth = useAuth();
  const leavingRef = useRedirectWhenLoggedIn();
  const { urlParsed } = usePageContext();
  const form = useSchemaForm({ initialValues: { email: '', password: '' }, schema: memberLoginSchema });
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
  );

  return (
    <>
      <h1 className="auth__title">Welcome back</h1>
      <p className="auth__subtitle">Log in to your member account.</p>
      <Form className="form" onSubmit={submit}>
        {error && <FormAlert tone="error">{error}</FormAlert>}
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
        New here? <a href="/signup">Create an account</a>
      </p>
    </>
  );
}
