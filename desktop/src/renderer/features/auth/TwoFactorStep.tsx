/**
 * The second step of a staff sign-in with two-factor: a code from the authenticator app, or one of
 * the recovery codes. An expired challenge (5 minutes) sends the person back to the password.
 */
import { Button, Callout } from '@blueprintjs/core';
import { ApiError, type LoginResult } from '@npo/shared';
import { useState, type FormEvent } from 'react';
import { api } from '../../api/client';
import { CodeField, fieldErrorOf } from '../two-factor/CodeField';

/** The server's answer to a challenge that no longer holds (api: SIGN_IN_EXPIRED). */
const EXPIRED = 'Your sign-in has expired. Please sign in again.';

interface TwoFactorStepProps {
  challenge: string;
  onSignedIn: (result: LoginResult) => Promise<void>;
  onRestart: (message?: string) => void;
  /** This device's token for the account, sent with the code (issue 19). */
  deviceToken?: string | undefined;
}

export function TwoFactorStep({ challenge, onSignedIn, onRestart, deviceToken }: TwoFactorStepProps) {
  const [recovery, setRecovery] = useState(false);
  const [value, setValue] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busy) return;
    setBusy(true);
    setError(undefined);
    setFailure(null);
    try {
      const proof = recovery
        ? { challenge, recoveryCode: value, deviceToken }
        : { challenge, code: value, deviceToken };
      await onSignedIn(await api.auth.loginTwoFactor(proof));
    } catch (caught) {
      if (caught instanceof ApiError && caught.message === EXPIRED) return onRestart(EXPIRED);
      const { field, form } = fieldErrorOf(caught, recovery ? 'recoveryCode' : 'code');
      if (field) setError(field);
      // A wrong code is the field's problem; throttling and the rest are the form's.
      else if (caught instanceof ApiError && caught.status === 401) setError(caught.message);
      else setFailure(form ?? 'Login failed');
    } finally {
      setBusy(false);
    }
  };

  const toggle = () => {
    setRecovery((shown) => !shown);
    setValue('');
    setError(undefined);
  };

  return (
    <form onSubmit={(event) => void submit(event)} noValidate>
      <p className="auth-subtitle">
        {recovery
          ? 'Enter one of the recovery codes you saved when you set up two-factor sign-in.'
          : 'Enter the 6-digit code from your authenticator app.'}
      </p>
      {failure && (
        <Callout intent="danger" icon="error" className="form-note" role="alert">
          {failure}
        </Callout>
      )}
      <CodeField
        key={recovery ? 'recovery' : 'code'}
        value={value}
        onChange={setValue}
        error={error}
        recovery={recovery}
        autoFocus
      />
      <div className="auth-row">
        <Button
          variant="minimal"
          text={recovery ? 'Use a code from the app' : 'Use a recovery code'}
          onClick={toggle}
        />
        <Button variant="minimal" text="Start over" onClick={() => onRestart()} />
      </div>
      <Button type="submit" intent="primary" size="large" fill loading={busy} text="Verify" />
    </form>
  );
}
