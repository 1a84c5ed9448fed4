/**
 * The admin login form's two checks, written out by hand so the login screen does not load zod:
 * the same rules and messages (SPEC 5) as the shared `adminLoginSchema`, which the server applies
 * and login-validation.test.ts compares this with.
 */
import { PASSWORD_MIN } from '@npo/shared';

export interface LoginValues {
  email: string;
  password: string;
}

export type LoginErrors = Partial<Record<keyof LoginValues, string>>;

const EMAIL_MESSAGE = 'Enter a valid email';
const PASSWORD_MESSAGE = `Password must be at least ${PASSWORD_MIN} characters`;
/**
 * The shared rule's control characters (schemas/fields.ts), repeated here: importing that module
 * would bring the zod it builds schemas with into the login screen's bundle.
 */
// eslint-disable-next-line no-control-regex -- finding control characters is this pattern's job
const CONTROL_CHARACTERS = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]/;
/** zod's own email pattern (z.email()), which the shared schema uses. */
const EMAIL_PATTERN =
  /^(?:[A-Za-z0-9_'+-]+\.)*[A-Za-z0-9_'+-]*[A-Za-z0-9_+-]@(?:[A-Za-z0-9][A-Za-z0-9-]*\.)+[A-Za-z]{2,}$/;

function emailError(value: string): string | undefined {
  if (CONTROL_CHARACTERS.test(value)) return 'Email contains characters that are not allowed';
  const email = value.trim().toLowerCase();
  return email.length > 254 || !EMAIL_PATTERN.test(email) ? EMAIL_MESSAGE : undefined;
}

/** The values to send (the email trimmed and lower-cased), or the first error of each field. */
export function validateLogin(
  values: LoginValues,
): { ok: true; values: LoginValues } | { ok: false; errors: LoginErrors } {
  const errors: LoginErrors = {};
  const email = emailError(values.email);
  if (email) errors.email = email;
  if (values.password.length < PASSWORD_MIN) errors.password = PASSWORD_MESSAGE;
  if (errors.email || errors.password) return { ok: false, errors };
  return { ok: true, values: { email: values.email.trim().toLowerCase(), password: values.password } };
}
