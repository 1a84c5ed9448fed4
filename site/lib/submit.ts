/** What the site's auth forms share: submitting a validated form, and moving on after a message. */
import { useEffect, useState, type FormEvent } from 'react';
import { failureText } from '@npo/shared';
import { navigate } from './navigation';

/**
 * Validates, keeps the button busy while `action` runs and shows its failure. `action` answers a
 * message to show when it refuses the result itself; otherwise the page moves on, so the button
 * stays busy. A thrown error shows the server's message, else `fallback` (SPEC 8, failureText), and
 * its field messages at their fields when `showFieldErrors` is given (the form's showServerErrors).
 */
export function useFormSubmit<Input>(
  validateAll: () => Input | null,
  action: (input: Input) => Promise<string | void>,
  fallback: string,
  showFieldErrors?: (failure: unknown) => boolean,
) {
  const [submitting, setSubmitting] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function submit(event: FormEvent) {
    event.preventDefault();
    setError(null);
    const input = validateAll();
    if (!input) return;
    setSubmitting(true);
    let refusal: string | void;
    try {
      refusal = await action(input);
    } catch (failure) {
      showFieldErrors?.(failure);
      refusal = failureText(failure, fallback);
    }
    if (refusal) {
      setError(refusal);
      setSubmitting(false);
    }
  }

  return { submit, submitting, error };
}

/** Once `message` is set, goes to `path` after `delayMs` (SPEC 4's timed redirects). */
export function useRedirectAfter(message: string | null, path: string, delayMs: number): void {
  useEffect(() => {
    if (!message) return;
    const timer = setTimeout(() => void navigate(path), delayMs);
    return () => clearTimeout(timer);
  }, [message, path, delayMs]);
}
