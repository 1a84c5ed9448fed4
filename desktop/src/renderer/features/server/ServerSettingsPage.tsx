/**
 * The desktop app's server address: asked at first run, changed later from the menu ("Server
 * address…"). The address is checked here for comfort and by the shell, which also asks the server's
 * /api/health before keeping it; the shell then reloads the console against the new server.
 */
import { Alert, Button, Callout, FormGroup, InputGroup } from '@blueprintjs/core';
import { useId, useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import { parseServerAddress } from '../../../bridge/contract';
import { countAllWaiting, serverChangeWarning, whenWritten } from '../../offline/outbox';
import { platform } from '../../platform';
import { AuthLayout } from '../auth/AuthLayout';

export default function ServerSettingsPage() {
  const server = platform.server;
  const current = server?.current() ?? null;
  const [address, setAddress] = useState(current ?? '');
  const [problem, setProblem] = useState<string | null>(null);
  const [checking, setChecking] = useState(false);
  /** Changes still waiting for the current server: asked about before they are thrown away. */
  const [discarding, setDiscarding] = useState<{ origin: string; count: number } | null>(null);
  const inputId = useId();
  const helpId = useId();

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!server) return;
    const parsed = parseServerAddress(address);
    if (!parsed.ok) return setProblem(parsed.message);
    setProblem(null);
    const count = current && parsed.origin !== current ? await countAllWaiting() : 0;
    if (count > 0) return setDiscarding({ origin: parsed.origin, count });
    await connect(parsed.origin);
  }

  async function connect(origin: string) {
    if (!server) return;
    setChecking(true);
    // The shell confirms again in a native dialog naming the changes it counts in its own copy of
    // the outbox: a page cannot skip that step, nor make the number smaller. Ours are on disk first.
    await whenWritten();
    const result = await server.change(origin).catch(() => ({
      ok: false as const,
      message: 'The address could not be checked. Try again.',
    }));
    setChecking(false);
    // On success the shell forgets the session, cache and outbox of the old server and reloads the console.
    if (!result.ok) setProblem(result.message);
  }

  return (
    <AuthLayout
      title={current ? 'Server address' : 'Connect to your organisation'}
      subtitle="Enter the address of your organisation's Global Nutrition Network server."
    >
      <form onSubmit={(event) => void submit(event)} noValidate>
        {problem && (
          <Callout intent="danger" icon="error" className="form-note" role="alert">
            {problem}
          </Callout>
        )}
        <FormGroup
          label="Server address"
          labelFor={inputId}
          helperText={<span id={helpId}>For example https://nutrition.example.org</span>}
        >
          <InputGroup
            id={inputId}
            type="url"
            inputMode="url"
            autoComplete="url"
            autoFocus
            aria-describedby={helpId}
            value={address}
            onValueChange={setAddress}
          />
        </FormGroup>
        <Button type="submit" intent="primary" size="large" fill loading={checking} text="Connect" />
      </form>
      <Alert
        isOpen={discarding !== null}
        intent="danger"
        icon="warning-sign"
        cancelButtonText="Keep my changes"
        confirmButtonText={`Discard ${discarding?.count === 1 ? 'it' : 'them'} and connect`}
        canEscapeKeyCancel
        onCancel={() => setDiscarding(null)}
        onConfirm={() => {
          const origin = discarding?.origin;
          setDiscarding(null);
          if (origin) void connect(origin);
        }}
      >
        <p data-testid="server-change-warning">{discarding && serverChangeWarning(discarding.count)}</p>
      </Alert>
      {current && (
        <p className="auth-footer">
          Connected to {current}. <Link to="/">Back to the console</Link>
        </p>
      )}
    </AuthLayout>
  );
}
