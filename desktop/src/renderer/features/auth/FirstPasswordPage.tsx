/**
 * The first sign-in with the one-time password printed at first start (issue 55 item 10): the server
 * answers nothing else for that account until a new password is chosen, so this screen comes before
 * the console. As the two-factor setup, it holds the pending session's token in router state and
 * stores it as the session only once the password is changed; reloading goes back to the login. The
 * one-time password just typed is the current password: only the new one is asked.
 */
import { Button, Callout } from '@blueprintjs/core';
import { ApiError, changePasswordSchema, createApiClient, type ChangePasswordInput, type User } from '@npo/shared';
import { useMemo, useState } from 'react';
import { FormProvider, useForm, type Path } from 'react-hook-form';
import { Navigate, useLocation, useNavigate } from 'react-router-dom';
import { describeError } from '../../api/errors';
import { trackedFetch } from '../../offline/connectivity';
import { platform } from '../../platform';
import { setCredentials } from '../../session/session-store';
import { TextField } from '../../ui/form/fields';
import { schemaResolver } from '../../ui/form/resolver';
import { AuthLayout } from './AuthLayout';

export interface FirstSignIn {
  user: User;
  token: string;
  currentPassword: string;
  /** Two-factor setup is required as well: it comes next. */
  twoFactorSetupRequired: boolean;
}

function isFirstSignIn(state: unknown): state is FirstSignIn {
  const candidate = state as Partial<FirstSignIn> | null;
  return Boolean(candidate && typeof candidate.token === 'string' && typeof candidate.currentPassword === 'string');
}

const FALLBACK = 'Failed to change the password. Please try again.';

export default function FirstPasswordPage() {
  const state: unknown = useLocation().state;
  const navigate = useNavigate();
  const pending = isFirstSignIn(state) ? state : null;
  const client = useMemo(
    () =>
      pending && createApiClient({ baseUrl: platform.apiBaseUrl, getToken: () => pending.token, fetch: trackedFetch }),
    [pending],
  );
  const [failure, setFailure] = useState<string | null>(null);
  const form = useForm<ChangePasswordInput>({
    resolver: schemaResolver(changePasswordSchema),
    defaultValues: { currentPassword: pending?.currentPassword ?? '', newPassword: '', confirmPassword: '' },
  });
  if (!pending || !client) return <Navigate to="/login" replace />;

  const submit = form.handleSubmit(async (input) => {
    setFailure(null);
    try {
      await client.account.changePassword(input);
    } catch (error) {
      const fields = error instanceof ApiError ? error.errors.filter(({ field }) => field !== 'currentPassword') : [];
      for (const { field, message } of fields) {
        form.setError(field as Path<ChangePasswordInput>, { type: 'server', message }, { shouldFocus: true });
      }
      if (fields.length === 0) setFailure(describeError(error, FALLBACK).join(' '));
      return;
    }
    if (pending.twoFactorSetupRequired) {
      return void navigate('/two-factor-setup', { replace: true, state: { user: pending.user, token: pending.token } });
    }
    setCredentials(pending.user, pending.token);
    void navigate('/', { replace: true });
  });

  return (
    <AuthLayout
      title="Choose your password"
      subtitle="You signed in with the one-time password printed when the server first started. Choose your own to continue."
    >
      <FormProvider {...form}>
        <form onSubmit={submit} noValidate aria-label="Choose your password">
          {failure && (
            <Callout intent="danger" icon="error" className="form-note" role="alert">
              {failure}
            </Callout>
          )}
          <TextField<ChangePasswordInput>
            name="newPassword"
            label="New password"
            type="password"
            autoComplete="new-password"
            helper="At least 6 characters, not the one-time password."
            autoFocus
          />
          <TextField<ChangePasswordInput>
            name="confirmPassword"
            label="Confirm new password"
            type="password"
            autoComplete="new-password"
          />
          <Button type="submit" intent="primary" fill loading={form.formState.isSubmitting} text="Save and continue" />
        </form>
      </FormProvider>
    </AuthLayout>
  );
}
