/**
 * A member changes their password while logged in (issue 11): the current one, then the new one by
 * SPEC's rules. The server signs every other session out and e-mails a notice; this one stays.
 * The server's HTML holds the whole form; a visitor without a session is sent to log in first.
 */
import { changePasswordSchema } from '@npo/shared';
import { useEffect, useState } from 'react';
import { PasswordField } from '../../../../components/auth/PasswordField';
import { DonePanel } from '../../../../components/auth/DonePanel';
import { FormAlert } from '../../../../components/forms/Field';
import { Form } from '../../../../components/forms/Form';
import { withApi, statusOf } from '../../../../lib/api';
import { useAuth } from '../../../../lib/auth';
import { useSchemaForm } from '../../../../lib/form';
import { navigate } from '../../../../lib/navigation';
import { readSession } from '../../../../lib/session-storage';
import { useFormSubmit } from '../../../../lib/submit';

const PATH = '/account/password';
const LOGIN = `/login?next=${encodeURIComponent(PATH)}`;
const CHANGED = 'Your password has been changed. Your other sessions have been signed out.';
const EMPTY = { currentPassword: '', newPassword: '', confirmPassword: '' };

/** Only after hydration can the stored session be read: without one, the login comes first. */
function useLoginRequired(): void {
  useEffect(() => {
    if (!readSession()) void navigate(LOGIN, { overwriteLastHistoryEntry: true });
  }, []);
}

export default function ChangePasswordPage() {
  useLoginRequired();
  const auth = useAuth();
  const form = useSchemaForm({ initialValues: EMPTY, schema: changePasswordSchema });
  const [done, setDone] = useState<string | null>(null);
  const { submit, submitting, error } = useFormSubmit(
    form.validateAll,
    async (input) => {
      try {
        const answer = await withApi((api) => api.account.changePassword(input));
        setDone(answer.message ?? CHANGED);
      } catch (failure) {
        // This session was ended elsewhere (or the account deactivated): log in again.
        if (statusOf(failure) === 401) {
          auth.logout();
          void navigate(LOGIN);
        }
        throw failure;
      }
    },
    'Failed to change password. Please try again.',
    form.showServerErrors,
  );

  if (done) {
    return (
      <DonePanel title="Change password" homeLink>
        <p>{done}</p>
      </DonePanel>
    );
  }

  return (
    <>
      <h1 className="auth__title">Change password</h1>
      <p className="auth__subtitle">
        {auth.user?.email ? (
          <>
            For <strong>{auth.user.email}</strong>. Your other sessions will be signed out.
          </>
        ) : (
          'Your other sessions will be signed out.'
        )}
      </p>
      <Form className="form" onSubmit={submit}>
        {error && <FormAlert tone="error">{error}</FormAlert>}
        <PasswordField
          label="Current Password"
          name="currentPassword"
          autoComplete="current-password"
          {...form.bind('currentPassword')}
        />
        <PasswordField
          label="New Password"
          name="newPassword"
          autoComplete="new-password"
          hint="At least 6 characters."
          {...form.bind('newPassword')}
        />
        <PasswordField
          label="Confirm New Password"
          name="confirmPassword"
          autoComplete="new-password"
          {...form.bind('confirmPassword')}
        />
        <button type="submit" className="button button--primary button--block" disabled={submitting}>
          {submitting ? 'Changing...' : 'Change Password'}
        </button>
      </Form>
    </>
  );
}
