import { adminLoginSchema } from '@npo/shared';
import { describe, expect, it } from 'vitest';
import { validateLogin, type LoginValues } from './login-validation';

/** What the shared schema (the server's rule) says of the same values: first message per field. */
function schemaResult(values: LoginValues) {
  const result = adminLoginSchema.safeParse(values);
  if (result.success) return { ok: true, values: result.data };
  const errors: Record<string, string> = {};
  for (const issue of result.error.issues) errors[String(issue.path[0])] ??= issue.message;
  return { ok: false, errors };
}

const emails = [
  '',
  'not-an-email',
  'super@example.org',
  '  Super@Example.ORG  ',
  'a@b.c',
  'first.last+tag@sub.example.co.uk',
  '.dot@example.org',
  'dot.@example.org',
  'a..b@example.org',
  "o'brien@example.org",
  'user@-example.org',
  'user@example',
  'user@exa_mple.org',
  'tab\t@example.org',
  'nul\u0000@example.org',
  `${'a'.repeat(250)}@example.org`,
  `${'a'.repeat(240)}@example.org`,
];
const passwords = ['', '123', '12345', '123456', 'long enough password', '      '];

describe('validateLogin', () => {
  it('agrees with the shared adminLoginSchema on values and messages', () => {
    for (const email of emails) {
      for (const password of passwords) {
        const values = { email, password };
        expect(validateLogin(values), JSON.stringify(values)).toEqual(schemaResult(values));
      }
    }
  });
});
