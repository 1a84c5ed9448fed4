/**
 * SPEC 8's rule for what a failed call shows: "the server message (data.data.message or
 * data.message), else" the screen's own fallback. `data` is the body of the HTTP answer, whatever its
 * status (a 500 that says why is shown as well as a 400) and whether or not it is the API's envelope.
 *
 * No import of the client: the site's pages load the API client only on their first call, and this
 * runs on pages that have not loaded it, so an ApiError is recognised by its shape.
 */

/** What the shared client throws (client.ts ApiError), as far as this rule reads it. */
interface FailedCall {
  status: number;
  message: string;
  answer?: { body?: unknown };
}

function isFailedCall(value: unknown): value is FailedCall {
  return value instanceof Error && typeof (value as { status?: unknown }).status === 'number';
}

function messageIn(value: unknown): string | undefined {
  if (!value || typeof value !== 'object') return undefined;
  const message = (value as { message?: unknown }).message;
  return typeof message === 'string' && message.trim() !== '' ? message : undefined;
}

/**
 * The text a screen shows for a failed call: `data.data.message`, then `data.message`, then
 * `fallback` (SPEC 8's text for the screen).
 *
 * `answer` is the answer's body, or the error the shared client threw for it (an ApiError, which
 * carries the body it got). A call that got no answer at all (status 0: offline, server down) has no
 * body and says so in its own words ("Could not reach the server…"); any other error shows `fallback`.
 */
export function failureText(answer: unknown, fallback: string): string {
  if (isFailedCall(answer)) {
    if (answer.status === 0) return answer.message || fallback;
    return failureText(answer.answer?.body ?? null, fallback);
  }
  if (answer instanceof Error) return fallback;
  if (!answer || typeof answer !== 'object') return fallback;
  return messageIn((answer as { data?: unknown }).data) ?? messageIn(answer) ?? fallback;
}
