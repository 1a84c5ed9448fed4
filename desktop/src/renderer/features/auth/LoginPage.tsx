/** Admin login (SPEC 2): opening it ends any session; only admin roles get in; success goes to /admin. */
import { Button, Callout } from '@blueprintjs/core';
import { adminLoginSchema, ApiError, isAdminRole, type AdminLoginInput } from '@npo/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { FormProvider, useForm } from 'react-hook-form';
import { Link, useNavigate } from 'react-router-dom';
import { api } from '../../api/client';
import { platform } from '../../platform';
import { clearSession, setCredentials } from '../../session/session-store';
import { TextField } from '../../ui/form/fields';
import { AuthLayout } from './AuthLayout';
import { schemaResolver } from '../../ui/form/resolver';

export default function LoginPage() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [failure, setFailure] = useState<string | null>(null);
  const [showPassword, setShowPassword] = useState(false);
  const form = useForm<AdminLoginInput>({
    resolver: schemaResolver(adminLoginSchema),
    defaultValues: { email: '', password: '' },
  });

  useEffect(() => {
    clearSession();
    queryClient.clear();
  }, [queryClient]);

  const submit = form.handleSubmit(async ({ email, password }) => {
    setFailure(null);
    try {
      const result = await api.auth.login(email, password);
      if (!result?.user || !result.token) return setFailure('Invalid response from server');
      if (!isAdminRole(result.user.role)) return setFailure('You do not have admin access.');
      setCredentials(result.user, result.token);
      navigate('/', { replace: true });
    } catch (error) {
      setFailure(error instanceof ApiError && error.message ? error.message : 'Login failed');
    }
  });

  return (
    <AuthLayout title="Admin Login" subtitle="Sign in to manage the website's content.">
      <FormProvider {...form}>
        <form onSubmit={submit} noValidate>
          {failure && (
            <Callout intent="danger" icon="error" className="form-note" role="alert">
              {failure}
            </Callout>
          )}
          <TextField<AdminLoginInput> name="email" label="Email" type="email" autoComplete="username" autoFocus />
          <div className="password-field">
            <TextField<AdminLoginInput>
              name="password"
              label="Password"
              type={showPassword ? 'text' : 'password'}
              autoComplete="current-password"
            />
            <Button
              className="password-toggle"
              variant="minimal"
              icon={showPassword ? 'eye-off' : 'eye-open'}
              aria-label={showPassword ? 'Hide password' : 'Show password'}
              title={showPassword ? 'Hide password' : 'Show password'}
              aria-pressed={showPassword}
              onClick={() => setShowPassword((shown) => !shown)}
            />
          </div>
          <div className="auth-row">
            <Link to="/forgot-password">Forgot password?</Link>
          </div>
          <Button
            type="submit"
            intent="primary"
            size="large"
            fill
            loading={form.formState.isSubmitting}
            text="Sign In"
          />
        </form>
      </FormProvider>
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
