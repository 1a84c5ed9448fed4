/**
 * Above every screen: whether the console is offline (showing the content of the last sync), how
 * many changes wait in the outbox, and any waiting change that needs a decision before the rest
 * can go (a conflict with someone else's edit, or a refusal).
 */
import { Button, Callout } from '@blueprintjs/core';
import { formatAdminDate } from '@npo/shared';
import { useCurrentUser } from '../session/session-store';
import { useConnectivity } from './connectivity';
import { useOutbox, useOutboxSaveProblem, type OutboxEntry } from './outbox';
import { discardEntry, retryEntry, reviewConflict } from './sync';

export function waitingText(count: number): string {
  return `${count} ${count === 1 ? 'change' : 'changes'} waiting`;
}

function BlockedChange({ entry }: { entry: OutboxEntry }) {
  if (entry.state === 'conflict') {
    return (
      <Callout intent="danger" icon="git-merge" title="A waiting change conflicts with an edit made on the server">
        <p>
          {entry.label}. Nothing was overwritten: choose which version to keep, then the remaining changes are sent.
        </p>
        <Button intent="primary" text="Review" onClick={() => void reviewConflict(entry)} />
      </Callout>
    );
  }
  return (
    <Callout intent="danger" icon="error" title="The server refused a waiting change">
      <p>
        {entry.label}: {entry.problem}
      </p>
      <Button text="Try again" onClick={() => void retryEntry(entry)} />{' '}
      <Button intent="danger" variant="outlined" text="Discard this change" onClick={() => void discardEntry(entry)} />
    </Callout>
  );
}

export function ConnectionBanner() {
  const user = useCurrentUser();
  const { online, lastSyncAt } = useConnectivity();
  const entries = useOutbox(user.id);
  const saveProblem = useOutboxSaveProblem();
  const blocked = entries.find((entry) => entry.state !== 'waiting');
  if (online && entries.length === 0 && !saveProblem) return null;

  return (
    <div className="connection-banner" role="status" aria-live="polite">
      {!online && (
        <Callout intent="warning" icon="offline" title="You are offline">
          <p>
            The server cannot be reached.{' '}
            {lastSyncAt ? `Showing the content as of the last sync, ${formatAdminDate(lastSyncAt)} (UTC).` : ''} Changes
            you save are kept on this computer and sent when the connection returns.
          </p>
        </Callout>
      )}
      {saveProblem && (
        <Callout intent="danger" icon="floppy-disk" title="Changes are not saved on this computer">
          <p>
            Writing them here failed ({saveProblem}). They are kept while the console stays open and saving is tried
            again; do not close the console until this message goes.
          </p>
        </Callout>
      )}
      {entries.length > 0 && (
        <p className="outbox-count" data-testid="outbox-count">
          {waitingText(entries.length)}
          {online && !blocked && ' · sending…'}
        </p>
      )}
      {blocked && <BlockedChange entry={blocked} />}
    </div>
  );
}
