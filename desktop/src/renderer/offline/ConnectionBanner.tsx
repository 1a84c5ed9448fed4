/**
 * Above every screen: whether the console is offline (showing the content of the last sync), how
 * many changes wait in the outbox, any waiting change that needs a decision before the rest can go
 * (a conflict with someone else's edit, or a refusal), and the "Waiting changes" panel listing each
 * change (what, when, why it waits) with a confirmed discard. It also says when the outbox on disk
 * waits for the keychain, and that waiting changes are stored unencrypted where they are.
 */
import { Button, Callout } from '@blueprintjs/core';
import { useEffect, useId, useRef, useSyncExternalStore } from 'react';
import { STORE_LOCKED_MESSAGE } from '../../bridge/contract';
import { platform } from '../platform';
import { useConfirm } from '../ui/ConfirmProvider';
import { formatAdminDate } from '@npo/shared';
import { useCurrentUser } from '../session/session-store';
import { useConnectivity } from './connectivity';
import {
  isKeptInMemoryOnly,
  isStoredUnencrypted,
  useOutbox,
  useOutboxLocked,
  useOutboxSaveProblem,
  whyWaiting,
  type OutboxEntry,
} from './outbox';
import { discardEntry, retryEntry, reviewConflict } from './sync';

export function waitingText(count: number): string {
  return `${count} ${count === 1 ? 'change' : 'changes'} waiting`;
}

function useDiscard() {
  const confirm = useConfirm();
  return async (entry: OutboxEntry) => {
    const sure = await confirm({
      message: `Discard “${entry.label}”? It has not reached the server and cannot be recovered.`,
      confirmText: 'Discard change',
      intent: 'danger',
      icon: 'trash',
    });
    if (sure) await discardEntry(entry);
  };
}

/** Whether the Waiting changes panel is open: the menu's "Show Waiting Changes" opens it too. */
let panelOpen = false;
/** Set by "Show Waiting Changes": the panel takes the focus once it shows. */
let focusPanel = false;
const panelListeners = new Set<() => void>();

function setPanelOpen(open: boolean): void {
  panelOpen = open;
  panelListeners.forEach((listener) => listener());
}

/** Opens the Waiting changes panel and moves the focus to it. */
export function showWaitingChanges(): void {
  focusPanel = true;
  setPanelOpen(true);
}

function usePanelOpen(): boolean {
  return useSyncExternalStore(
    (listener) => {
      panelListeners.add(listener);
      return () => panelListeners.delete(listener);
    },
    () => panelOpen,
    () => panelOpen,
  );
}

function WaitingChanges({ entries, online }: { entries: OutboxEntry[]; online: boolean }) {
  const open = usePanelOpen();
  const setOpen = setPanelOpen;
  const listId = useId();
  const discard = useDiscard();
  const panel = useRef<HTMLElement>(null);
  useEffect(() => {
    if (!open || !focusPanel) return;
    focusPanel = false;
    panel.current?.focus();
  }, [open]);
  return (
    <section className="waiting-changes" aria-label="Waiting changes" ref={panel} tabIndex={-1}>
      <Button
        variant="minimal"
        size="small"
        icon={open ? 'chevron-down' : 'chevron-right'}
        aria-expanded={open}
        aria-controls={listId}
        text={open ? 'Hide waiting changes' : 'Show waiting changes'}
        onClick={() => setOpen(!open)}
      />
      {open && (
        <ol id={listId} className="waiting-changes-list">
          {entries.map((entry, index) => (
            <li key={entry.id} data-testid="waiting-change">
              <div>
                <strong>{entry.label}</strong>
                <div className="waiting-changes-meta">
                  Saved {formatAdminDate(entry.queuedAt)} (UTC) · {whyWaiting(entry, index, online)}
                  {isKeptInMemoryOnly(entry.id) &&
                    ' · Kept while the console stays open only (it holds personal data).'}
                </div>
              </div>
              <Button
                size="small"
                intent="danger"
                variant="outlined"
                text="Discard"
                aria-label={`Discard ${entry.label}`}
                onClick={() => void discard(entry)}
              />
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}

function BlockedChange({ entry }: { entry: OutboxEntry }) {
  const discard = useDiscard();
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
      <Button intent="danger" variant="outlined" text="Discard this change" onClick={() => void discard(entry)} />
    </Callout>
  );
}

export function ConnectionBanner() {
  const user = useCurrentUser();
  const { online, lastSyncAt } = useConnectivity();
  const entries = useOutbox(user.id);
  const saveProblem = useOutboxSaveProblem();
  const locked = useOutboxLocked();
  const blocked = entries.find((entry) => entry.state !== 'waiting');
  if (online && entries.length === 0 && !saveProblem && !locked) return null;
  const where = platform.kind === 'electron' ? 'This computer' : 'This browser';

  return (
    <div className="connection-banner">
      <div className="connection-status" role="status" aria-live="polite">
        {!online && (
          <Callout intent="warning" icon="offline" title="You are offline">
            <p>
              The server cannot be reached.{' '}
              {lastSyncAt ? `Showing the content as of the last sync, ${formatAdminDate(lastSyncAt)} (UTC).` : ''}{' '}
              Changes you save are kept on this computer and sent when the connection returns.
            </p>
          </Callout>
        )}
        {locked && (
          <Callout intent="warning" icon="lock" title={STORE_LOCKED_MESSAGE}>
            <p>
              The changes waiting on this computer are kept, encrypted with your system&apos;s keychain, which cannot be
              opened right now (it may not be unlocked yet). The console tries again every few seconds; until then
              nothing is sent, and changes you make now wait behind them.
            </p>
          </Callout>
        )}
        {saveProblem && !locked && (
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
            {online && !blocked && !locked && ' · sending…'}
          </p>
        )}
        {entries.length > 0 && isStoredUnencrypted() && (
          <p className="outbox-note" data-testid="outbox-unencrypted">
            {where} stores waiting changes unencrypted: personal data (names, e-mail addresses, the server&apos;s copy
            of a conflicting item) is left out of what it keeps.
          </p>
        )}
      </div>
      {blocked && <BlockedChange entry={blocked} />}
      {entries.length > 0 && <WaitingChanges entries={entries} online={online} />}
    </div>
  );
}
