/**
 * Turning two-factor sign-in on: the QR code and the secret for the authenticator app, a code to
 * confirm, then the recovery codes. Plain React state and the client it is given, so the forced setup
 * after sign-in (no console loaded) and "My account" use the same screens.
 */
import { Button, Callout, InputGroup, Spinner } from '@blueprintjs/core';
import type { RecoveryCodes, TwoFactorSetup } from '@npo/shared';
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { FieldShell } from '../../ui/form/FieldShell';
import { CodeField, fieldErrorOf } from './CodeField';
import { RecoveryCodesList } from './RecoveryCodesList';

export interface EnrollmentClient {
  setup(): Promise<TwoFactorSetup>;
  confirm(code: string): Promise<RecoveryCodes>;
}

interface TwoFactorEnrollmentProps {
  client: EnrollmentClient;
  /**
   * As soon as the server turned two-factor on (the recovery codes are shown next): it has ended the
   * account's other sessions by then, so what lists them is stale from this moment, not from Done.
   */
  onEnabled?: () => void;
  /** After the recovery codes are saved. */
  onDone: () => void;
  onCancel?: () => void;
}

function SecretField({ secret }: { secret: string }) {
  const id = useId();
  const [copied, setCopied] = useState(false);
  const copy = async () => {
    await navigator.clipboard.writeText(secret).then(
      () => setCopied(true),
      () => setCopied(false),
    );
  };
  return (
    <FieldShell id={id} label="Secret key">
      <InputGroup
        id={id}
        value={secret}
        readOnly
        spellCheck={false}
        className="two-factor__secret"
        data-testid="two-factor-secret"
        rightElement={<Button variant="minimal" text={copied ? 'Copied' : 'Copy'} onClick={() => void copy()} />}
        fill
      />
    </FieldShell>
  );
}

export function TwoFactorEnrollment({ client, onEnabled, onDone, onCancel }: TwoFactorEnrollmentProps) {
  const [setup, setSetup] = useState<TwoFactorSetup | null>(null);
  const [codes, setCodes] = useState<string[] | null>(null);
  const [code, setCode] = useState('');
  const [codeError, setCodeError] = useState<string | undefined>();
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  // One secret per screen: a second request (React's strict mode runs effects twice) would replace it.
  const started = useRef<Promise<TwoFactorSetup> | null>(null);
  useEffect(() => {
    let live = true;
    started.current ??= client.setup();
    started.current.then(
      (answer) => live && setSetup(answer),
      (error: unknown) => live && setFailure(fieldErrorOf(error, '').form ?? null),
    );
    return () => {
      live = false;
    };
  }, [client]);

  const confirm = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busy) return;
    setBusy(true);
    setFailure(null);
    setCodeError(undefined);
    try {
      setCodes((await client.confirm(code)).recoveryCodes);
      onEnabled?.();
    } catch (error) {
      const { field, form } = fieldErrorOf(error, 'code');
      if (field) setCodeError(field);
      else setFailure(form ?? null);
    } finally {
      setBusy(false);
    }
  };

  if (codes) return <RecoveryCodesList codes={codes} doneText="Done" onDone={onDone} />;
  if (!setup) {
    return failure ? (
      <Callout intent="danger" role="alert">
        {failure}
      </Callout>
    ) : (
      <Spinner size={24} aria-label="Preparing two-factor setup" />
    );
  }
  return (
    <form className="two-factor__enroll" onSubmit={(event) => void confirm(event)} noValidate>
      <ol className="two-factor__steps">
        <li>Scan this QR code with an authenticator app, or type the secret key into it.</li>
        <li>Enter the 6-digit code the app shows.</li>
      </ol>
      <img
        className="two-factor__qr"
        src={setup.qrCode}
        alt="QR code for your authenticator app; the secret key below holds the same"
        width={180}
        height={180}
      />
      <SecretField secret={setup.secret} />
      {failure && (
        <Callout intent="danger" role="alert" className="form-note">
          {failure}
        </Callout>
      )}
      <CodeField value={code} onChange={setCode} error={codeError} autoFocus />
      <div className="two-factor__actions">
        {onCancel && <Button text="Cancel" onClick={onCancel} />}
        <Button type="submit" intent="primary" loading={busy} text="Turn on two-factor" />
      </div>
    </form>
  );
}
