/** Toasts for outcomes: one shared Blueprint toaster, created on first use. */
import { Intent, OverlayToaster, Position, type Toaster } from '@blueprintjs/core';

let toaster: Promise<Toaster> | undefined;

function getToaster(): Promise<Toaster> {
  toaster ??= OverlayToaster.create({ position: Position.TOP, maxToasts: 4 });
  return toaster;
}

export interface ToastAction {
  text: string;
  onClick: () => void;
  /** A newer toast with the same key replaces this one (one Undo at a time). */
  key: string;
}

/**
 * With an action (e.g. Undo) the toast stays longer, as long as the pointer or focus is on it
 * (Blueprint pauses the timeout), and clicking the action dismisses it.
 */
export function notifySuccess(message: string, action?: ToastAction): void {
  void getToaster().then((instance) =>
    instance.show(
      {
        message,
        intent: Intent.SUCCESS,
        icon: 'tick-circle',
        timeout: action ? 10_000 : 4000,
        ...(action && { action: { text: action.text, onClick: action.onClick } }),
      },
      action?.key,
    ),
  );
}

/** Failures stay longer: each line is one server message or one 'field: message'. */
export function notifyFailure(lines: string[]): void {
  const message = (
    <div className="toast-lines" data-testid="failure-toast">
      {lines.map((line, index) => (
        <div key={index}>{line}</div>
      ))}
    </div>
  );
  void getToaster().then((instance) => instance.show({ message, intent: Intent.DANGER, icon: 'error', timeout: 8000 }));
}

/** A toast that stays until dismissed, with one button (e.g. "Restart to update"). */
export function notifyWithAction(message: string, action: { text: string; onClick: () => void }): void {
  void getToaster().then((instance) =>
    instance.show({ message, intent: Intent.PRIMARY, icon: 'refresh', timeout: 0, action }, 'persistent-action'),
  );
}
