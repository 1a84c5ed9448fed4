/**
 * "My account" → two-factor sign-in: its status, turning it on (TwoFactorEnrollment), new recovery
 * codes for a code, and turning it off with the password and a code. Either change ends the
 * account's other sessions (the server does it); this one stays signed in.
 */
import { Button, Callout, Intent, Tag } from '@blueprintjs/core';
import { type TwoFactorStatus } from '@npo/shared';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import { api } from '../../api/client';
import { queryKeys } from '../../api/query-keys';
import { replaceUser, useCurrentUser } from '../../session/session-store';
import { describedBy, FieldShell } from '../../ui/form/FieldShell';
import { PasswordInput } from '../../ui/form/PasswordInput';
import { notifySuccess } from '../../ui/toaster';
import { CodeField, fieldErrorOf } from '../two-factor/CodeField';
import { RecoveryCodesList } from '../two-factor/RecoveryCodesList';
import { TwoFactorEnrollment } from '../two-factor/TwoFactorEnrollment';
import { AccountCard } from './AccountCard';

const STATUS_KEY = ['account', 'two-factor'] as const;

type Mode = 'idle' | 'enrolling' | 'disabling' | 'renewing';

function CurrentPasswordField({
  value,
  onChange,
  error,
}: {
  value: string;
  onChange: (value: string) => void;
  error?: string | undefined;
}) {
  const id = useId();
  return (
    <FieldShell id={id} label="Current password" error={error}>
      <PasswordInput
        id={id}
        name="password"
        autoComplete="current-password"
        value={value}
        onValueChange={onChange}
        intent={error ? Intent.DANGER : Intent.NONE}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(id, error)}
        fill
      />
    </FieldShell>
  );
}

/** Turning off (password + code) or renewing the recovery codes (code): one small form. */
function CodeForm({
  withPassword,
  submitText,
  onSubmit,
  onCancel,
}: {
  withPassword: boolean;
  submitText: string;
  onSubmit: (input: { password: string; code: string }) => Promise<void>;
  onCancel: () => void;
}) {
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  const [errors, setErrors] = useState<{ password?: string | undefined; code?: string | undefined }>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busy) return;
    setBusy(true);
    setErrors({});
    setFailure(null);
    try {
      await onSubmit({ password, code });
    } catch (error) {
      const passwordError = withPassword ? fieldErrorOf(error, 'password').field : undefined;
      const codeError = fieldErrorOf(error, 'code');
      if (passwordError || codeError.field) setErrors({ password: passwordError, code: codeError.field });
      else setFailure(codeError.form ?? null);
    } finally {
      setBusy(false);
    }
  };

  return (
    <form className="two-factor__form" onSubmit={(event) => void submit(event)} noValidate>
      {failure && (
        <Callout intent="danger" role="alert" className="form-note">
          {failure}
        </Callout>
      )}
      {withPassword && <CurrentPasswordField value={password} onChange={setPassword} error={errors.password} />}
      <CodeField value={code} onChange={setCode} error={errors.code} autoFocus={!withPassword} />
      <div className="two-factor__actions">
        <Button text="Cancel" onClick={onCancel} />
        <Button type="submit" intent={withPassword ? 'danger' : 'primary'} loading={busy} text={submitText} />
      </div>
    </form>
  );
}

function StatusLine({ status }: { status: TwoFactorStatus }) {
  return (
    <p className="two-factor__status">
      <Tag intent={status.enabled ? 'success' : 'none'} minimal>
        {status.enabled ? 'On' : 'Off'}
      </Tag>{' '}
      {status.enabled
        ? `Sign-in asks for a code from your authenticator app. ${status.recoveryCodesLeft} recovery codes left.`
        : 'Sign-in asks for your password only.'}
      {status.required && ' Two-factor sign-in is required for all staff.'}
    </p>
  );
}

export function TwoFactorSection() {
  const me = useCurrentUser();
  const queryClient = useQueryClient();
  const status = useQuery({ queryKey: STATUS_KEY, queryFn: () => api.twoFactor.status() });
  const [mode, setMode] = useState<Mode>('idle');
  const [renewed, setRenewed] = useState<string[] | null>(null);

  // Turning two-factor on or off ends the account's other sessions on the server: the sessions list
  // below is read again with the status, or it would still offer to end sessions that are gone.
  const changed = async (enabled: boolean) => {
    replaceUser({ ...me, twoFactorEnabled: enabled });
    await Promise.all(
      [STATUS_KEY, queryKeys.users, queryKeys.accountSessions].map((queryKey) =>
        queryClient.invalidateQueries({ queryKey }),
      ),
    );
  };

  const body = () => {
    if (renewed) {
      return <RecoveryCodesList codes={renewed} doneText="Done" onDone={() => setRenewed(null)} />;
    }
    if (mode === 'enrolling') {
      return (
        <TwoFactorEnrollment
          client={api.twoFactor}
          onCancel={() => setMode('idle')}
          onEnabled={() => void changed(true)}
          onDone={() => {
            setMode('idle');
            notifySuccess('Two-factor sign-in is on. Your other sessions were signed out.');
          }}
        />
      );
    }
    if (mode === 'disabling') {
      return (
        <CodeForm
          withPassword
          submitText="Turn off two-factor"
          onCancel={() => setMode('idle')}
          onSubmit={async (input) => {
            await api.twoFactor.disable(input);
            setMode('idle');
            notifySuccess('Two-factor sign-in is off. Your other sessions were signed out.');
            await changed(false);
          }}
        />
      );
    }
    if (mode === 'renewing') {
      return (
        <CodeForm
          withPassword={false}
          submitText="Make new recovery codes"
          onCancel={() => setMode('idle')}
          onSubmit={async ({ code }) => {
            setRenewed((await api.twoFactor.renewRecoveryCodes(code)).recoveryCodes);
            setMode('idle');
            await queryClient.invalidateQueries({ queryKey: STATUS_KEY });
          }}
        />
      );
    }
    if (!status.data) return status.isError ? <p role="alert">Failed to load two-factor status</p> : null;
    return (
      <>
        <StatusLine status={status.data} />
        <div className="two-factor__actions">
          {status.data.enabled ? (
            <>
              <Button text="New recovery codes" onClick={() => setMode('renewing')} />
              {!status.data.required && <Button intent="danger" text="Turn off" onClick={() => setMode('disabling')} />}
            </>
          ) : (
            <Button
              intent="primary"
              icon="shield"
              text="Set up two-factor sign-in"
              onClick={() => setMode('enrolling')}
            />
          )}
        </div>
      </>
    );
  };

  return (
    <AccountCard headingId="two-factor-heading" title="Two-factor sign-in">
      {body()}
    </AccountCard>
  );
}
