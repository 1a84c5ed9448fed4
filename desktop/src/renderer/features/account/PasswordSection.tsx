/**
 * Changing one's own password (issue 11): the current one, then the new one by SPEC's rules. The
 * server ends every other session and mails a notice; this one stays signed in. Never queued
 * offline: a password change is sent now or not at all.
 */
import { Button, Callout } from '@blueprintjs/core';
import { ApiError, changePasswordSchema, type ChangePasswordInput } from '@npo/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { FormProvider, useForm, type Path } from 'react-hook-form';
import { api } from '../../api/client';
import { describeError } from '../../api/errors';
import { queryKeys } from '../../api/query-keys';
import { TextField } from '../../ui/form/fields';
import { schemaResolver } from '../../ui/form/resolver';
import { notifySuccess } from '../../ui/toaster';
import { AccountCard } from './AccountCard';

const EMPTY: ChangePasswordInput = { currentPassword: '', newPassword: '', confirmPassword: '' };
const FIELDS = new Set<string>(Object.keys(EMPTY));
const FALLBACK = 'Failed to change the password. Please try again.';

export function PasswordSection() {
  const headingId = useId();
  const queryClient = useQueryClient();
  const [failure, setFailure] = useState<string | null>(null);
  const form = useForm<ChangePasswordInput>({ resolver: schemaResolver(changePasswordSchema), defaultValues: EMPTY });
  const change = useMutation({
    mutationFn: (input: ChangePasswordInput) => api.account.changePassword(input),
    // A password change is never worth a queued retry: the person is here to see the answer.
    networkMode: 'always',
  });

  /** The server's field errors go under their fields; anything else above the form. */
  function showFailure(error: unknown): void {
    const fieldErrors = error instanceof ApiError ? error.errors.filter(({ field }) => FIELDS.has(field)) : [];
    for (const { field, message } of fieldErrors) {
      form.setError(field as Path<ChangePasswordInput>, { type: 'server', message }, { shouldFocus: true });
    }
    if (fieldErrors.length === 0) setFailure(describeError(error, FALLBACK).join(' '));
  }

  const submit = form.handleSubmit(async (input) => {
    setFailure(null);
    try {
      const result = await change.mutateAsync(input);
      form.reset(EMPTY);
      notifySuccess(result.message ?? 'Your password has been changed.');
      await queryClient.invalidateQueries({ queryKey: queryKeys.accountSessions });
    } catch (error) {
      showFailure(error);
    }
  });

  return (
    <AccountCard headingId={headingId} title="Password">
      <p className="muted">
        Changing your password signs out every other session of your account. We e-mail you a notice.
      </p>
      <FormProvider {...form}>
        <form className="account-form" onSubmit={submit} noValidate aria-labelledby={headingId}>
          {failure && (
            <Callout intent="danger" icon="error" className="form-note" role="alert">
              {failure}
            </Callout>
          )}
          <TextField<ChangePasswordInput>
            name="currentPassword"
            label="Current password"
            type="password"
            autoComplete="current-password"
          />
          <TextField<ChangePasswordInput>
            name="newPassword"
            label="New password"
            type="password"
            autoComplete="new-password"
            helper="At least 6 characters."
          />
          <TextField<ChangePasswordInput>
            name="confirmPassword"
            label="Confirm new password"
            type="password"
            autoComplete="new-password"
          />
          <Button type="submit" intent="primary" loading={form.formState.isSubmitting} text="Change password" />
        </form>
      </FormProvider>
    </AccountCard>
  );
}
