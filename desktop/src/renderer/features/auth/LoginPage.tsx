/**
 * Admin login (SPEC 2): opening it ends any session; only admin roles get in; success goes to /admin.
 * The first screen most people load, so it is kept light: plain React state and a hand-written check
 * of its two fields (login-validation.ts) instead of the console's form library and zod.
 */
import { Button, Callout, InputGroup, Intent } from '@blueprintjs/core';
import {
  deviceTokenFor,
  failureText,
  isAdminRole,
  isTwoFactorChallenge,
  keepDeviceToken,
  type LoginResult,
} from '@npo/shared';
import { lazy, Suspense, useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { forgetStoredQueryCache } from '../../api/cache-storage';
import { api } from '../../api/client';
import { loadConsole } from '../../console/load-console';
import { platform } from '../../platform';
import { clearSession, setCredentials } from '../../session/session-store';
import { describedBy, FieldShell } from '../../ui/form/FieldShell';
import { PasswordInput } from '../../ui/form/PasswordInput';
import { AuthLayout } from './AuthLayout';
import type { FirstSignIn } from './FirstPasswordPage';
import { validateLogin, type LoginErrors, type LoginValues } from './login-validation';

/** Only accounts with two-factor reach the code step, after their password: it loads then. */
const TwoFactorStep = lazy(() => import('./TwoFactorStep').then((module) => ({ default: module.TwoFactorStep })));

interface LoginFieldProps {
  name: keyof LoginValues;
  label: string;
  type: 'email' | 'text' | 'password';
  autoComplete: string;
  autoFocus?: boolean;
  value: string;
  error?: string;
  inputRef: (element: HTMLInputElement | null) => void;
  onChange: (value: string) => void;
}

function LoginField({ name, label, type, autoComplete, autoFocus, value, error, inputRef, onChange }: LoginFieldProps) {
  const id = useId();
  const input = {
    id,
    name,
    inputRef,
    value,
    onValueChange: onChange,
    autoFocus,
    autoComplete,
    intent: error ? Intent.DANGER : Intent.NONE,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': describedBy(id, error),
    fill: true,
  };
  return (
    <FieldShell id={id} label={label} error={error}>
      {type === 'password' ? <PasswordInput {...input} /> : <InputGroup {...input} type={type} />}
    </FieldShell>
  );
}

export default function LoginPage() {
  const navigate = useNavigate();
  const [failure, setFailure] = useState<string | null>(null);
  const [values, setValues] = useState<LoginValues>({ email: '', password: '' });
  const [errors, setErrors] = useState<LoginErrors>({});
  const [submitted, setSubmitted] = useState(false);
  const [submitting, setSubmitting] = useState(false);
  const inputs = useRef<Partial<Record<keyof LoginValues, HTMLInputElement | null>>>({});
  /** Set once the password held for an account with two-factor: the code step shows. */
  const [challenge, setChallenge] = useState<string | null>(null);
  const consoleReady = useRef<Promise<unknown>>(Promise.resolve());

  useEffect(() => {
    clearSession();
    void forgetStoredQueryCache();
  }, []);

  // As the console's other forms do: checked on submit, then again on every change.
  const change = (name: keyof LoginValues) => (value: string) => {
    const next = { ...values, [name]: value };
    setValues(next);
    if (submitted) {
      const result = validateLogin(next);
      setErrors(result.ok ? {} : result.errors);
    }
  };

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (submitting) return;
    setSubmitted(true);
    const result = validateLogin(values);
    if (!result.ok) {
      setErrors(result.errors);
      inputs.current[result.errors.email ? 'email' : 'password']?.focus();
      return;
    }
    setErrors({});
    setFailure(null);
    setSubmitting(true);
    // The console's code downloads while the server checks the password (a failure is the route's to show).
    consoleReady.current = loadConsole().catch(() => undefined);
    try {
      const { email, password } = result.values;
      const login = await api.auth.login(email, password, deviceTokenFor(platform.storage, email));
      if (isTwoFactorChallenge(login)) return setChallenge(login.challenge);
      await signedIn(login);
    } catch (error) {
      setFailure(failureText(error, 'Login failed'));
    } finally {
      setSubmitting(false);
    }
  };

  async function signedIn(login: LoginResult | undefined): Promise<void> {
    if (!login?.user || !login.token) return setFailure('Invalid response from server');
    if (!isAdminRole(login.user.role)) return setFailure('You do not have admin access.');
    // Kept past sign-out: this device's next sign-ins are not refused for others' traffic (issue 19).
    keepDeviceToken(platform.storage, values.email, login.deviceToken);
    // The printed one-time password: a new one first (the server refuses the rest until then).
    if (login.passwordChangeRequired) {
      const state: FirstSignIn = {
        user: login.user,
        token: login.token,
        currentPassword: values.password,
        twoFactorSetupRequired: Boolean(login.twoFactorSetupRequired),
      };
      return void navigate('/choose-password', { replace: true, state });
    }
    // Two-factor is required and not set up: its setup screen first, the console after.
    if (login.twoFactorSetupRequired) {
      return void navigate('/two-factor-setup', { replace: true, state: { user: login.user, token: login.token } });
    }
    await consoleReady.current;
    setCredentials(login.user, login.token);
    void navigate('/', { replace: true });
  }

  if (challenge) {
    return (
      <AuthLayout title="Two-factor sign-in">
        <Suspense fallback={<p className="muted">Loading…</p>}>
          <TwoFactorStep
            challenge={challenge}
            deviceToken={deviceTokenFor(platform.storage, values.email)}
            onSignedIn={signedIn}
            onRestart={(message) => {
              setChallenge(null);
              setFailure(message ?? null);
            }}
          />
        </Suspense>
      </AuthLayout>
    );
  }

  return (
    <AuthLayout title="Admin Login" subtitle="Sign in to manage the website's content.">
      <form onSubmit={(event) => void submit(event)} noValidate>
        {failure && (
          <Callout intent="danger" icon="error" className="form-note" role="alert">
            {failure}
          </Callout>
        )}
        <LoginField
          name="email"
          label="Email"
          type="email"
          autoComplete="username"
          autoFocus
          value={values.email}
          error={errors.email}
          inputRef={(element) => (inputs.current.email = element)}
          onChange={change('email')}
        />
        <LoginField
          name="password"
          label="Password"
          type="password"
          autoComplete="current-password"
          value={values.password}
          error={errors.password}
          inputRef={(element) => (inputs.current.password = element)}
          onChange={change('password')}
        />
        <div className="auth-row">
          <Link to="/forgot-password">Forgot password?</Link>
        </div>
        <Button type="submit" intent="primary" size="large" fill loading={submitting} text="Sign In" />
      </form>
      <p className="auth-footer">
        <a
          href={platform.publicSiteUrl('/')}
          onClick={(event) => {
            event.preventDefault();
            platform.openPublicSite('/', { sameWindow: true });
          }}
        >
          ← Back to the main site
        </a>
      </p>
    </AuthLayout>
  );
}
