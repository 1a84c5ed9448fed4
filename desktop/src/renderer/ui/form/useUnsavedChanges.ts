/**
 * Unsaved changes (issue 10, item 6), handled once for every console form. A form reports whether
 * it holds unsaved edits with `useUnsavedChanges(dirty)` (FormDialog does it for all dialogs; a
 * full-page form would call it too). While any form is dirty, the one UnsavedChangesGuard of the
 * console (ConsoleApp.tsx):
 * - asks "Discard unsaved changes?" before going to another console screen (react-router's
 *   blocker, which needs the data router of App.tsx; a router supports one blocker at a time, hence
 *   one guard for all forms rather than one blocker per form);
 * - raises the browser's beforeunload prompt when the tab or the desktop window is closed or reloaded.
 * `confirmDiscard()` asks the same question before a form closes itself.
 */
import { useCallback, useEffect, useId, useRef, useSyncExternalStore } from 'react';
import { useBlocker } from 'react-router-dom';
import { useConfirm } from '../ConfirmProvider';

export const DISCARD_QUESTION = 'Discard unsaved changes?';

/** The forms that hold unsaved edits, by id. */
const dirtyForms = new Set<string>();
const listeners = new Set<() => void>();

function setDirty(id: string, dirty: boolean): void {
  if (dirtyForms.has(id) === dirty) return;
  if (dirty) dirtyForms.add(id);
  else dirtyForms.delete(id);
  listeners.forEach((listener) => listener());
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

const anyDirty = () => dirtyForms.size > 0;

function useConfirmDiscard(): () => Promise<boolean> {
  const confirm = useConfirm();
  return useCallback(
    () =>
      confirm({
        message: DISCARD_QUESTION,
        confirmText: 'Discard',
        cancelText: 'Keep editing',
        intent: 'danger',
        icon: 'warning-sign',
      }),
    [confirm],
  );
}

export function useUnsavedChanges(dirty: boolean): { confirmDiscard: () => Promise<boolean> } {
  const id = useId();
  useEffect(() => {
    setDirty(id, dirty);
    return () => setDirty(id, false);
  }, [id, dirty]);
  return { confirmDiscard: useConfirmDiscard() };
}

/** Mounted once inside the router and the ConfirmProvider. */
export function UnsavedChangesGuard(): null {
  const dirty = useSyncExternalStore(subscribe, anyDirty);
  const confirmDiscard = useConfirmDiscard();

  // Only leaving the screen unmounts its forms: a list's own page and search (?page=&q=) may change
  // under an open dialog without losing what is typed in it.
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) => dirty && currentLocation.pathname !== nextLocation.pathname,
  );
  const latest = useRef(blocker);
  useEffect(() => {
    latest.current = blocker;
  });
  useEffect(() => {
    if (blocker.state !== 'blocked') return;
    void confirmDiscard().then((discard) => {
      const current = latest.current;
      if (current.state !== 'blocked') return;
      if (discard) {
        // The screen being left unmounts its forms; until then they must not block again.
        dirtyForms.clear();
        current.proceed();
      } else {
        current.reset();
      }
    });
  }, [blocker.state, confirmDiscard]);

  useEffect(() => {
    if (!dirty) return;
    const warn = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      // Older Chromium, and Electron, look at returnValue rather than preventDefault().
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [dirty]);

  return null;
}
