/**
 * Confirmations as a Blueprint Alert (focus moves into it, Escape cancels, focus returns after),
 * requested from anywhere with `await confirm({ message })`.
 */
import { Alert, Intent, type IconName } from '@blueprintjs/core';
import { createContext, useCallback, useContext, useId, useRef, useState, type ReactNode } from 'react';

export interface ConfirmOptions {
  message: string;
  /** More below the question, e.g. what an activation will change. */
  details?: ReactNode;
  confirmText?: string;
  /** "Cancel" unless told. */
  cancelText?: string;
  className?: string;
  intent?: Intent;
  icon?: IconName;
}

type Confirm = (options: ConfirmOptions) => Promise<boolean>;

const ConfirmContext = createContext<Confirm | null>(null);

export function ConfirmProvider({ children }: { children: ReactNode }) {
  const [isOpen, setOpen] = useState(false);
  // Kept after closing so the text does not vanish during the closing transition.
  const [options, setOptions] = useState<ConfirmOptions>({ message: '' });
  const resolver = useRef<((answer: boolean) => void) | null>(null);
  const messageId = useId();

  const confirm = useCallback<Confirm>((next) => {
    resolver.current?.(false);
    setOptions(next);
    setOpen(true);
    return new Promise<boolean>((resolve) => {
      resolver.current = resolve;
    });
  }, []);

  const settle = (answer: boolean) => {
    resolver.current?.(answer);
    resolver.current = null;
    setOpen(false);
  };

  const intent = options.intent ?? Intent.DANGER;
  return (
    <ConfirmContext.Provider value={confirm}>
      {children}
      <Alert
        isOpen={isOpen}
        intent={intent}
        icon={options.icon ?? (intent === Intent.DANGER ? 'trash' : 'confirm')}
        confirmButtonText={options.confirmText ?? 'Delete'}
        cancelButtonText={options.cancelText ?? 'Cancel'}
        className={options.className}
        canEscapeKeyCancel
        onConfirm={() => settle(true)}
        onCancel={() => settle(false)}
        onOpened={focusCancel}
        aria-labelledby={messageId}
      >
        <p id={messageId}>{options.message}</p>
        {options.details}
      </Alert>
    </ConfirmContext.Provider>
  );
}

/**
 * Start on the harmless answer: Enter then cancels, Escape too. Blueprint puts the confirm button
 * first in the footer and Cancel second.
 */
function focusCancel(alert: HTMLElement): void {
  alert.querySelectorAll<HTMLButtonElement>('.bp6-alert-footer .bp6-button')[1]?.focus();
}

export function useConfirm(): Confirm {
  const confirm = useContext(ConfirmContext);
  if (!confirm) throw new Error('useConfirm needs a ConfirmProvider');
  return confirm;
}
