/**
 * Inputs for the OpenAPI-driven fuzz test: valid values generated from the document's JSON Schemas,
 * and the broken ones a careless or hostile client sends. Everything comes from a seeded generator,
 * so a failure reproduces with the same seed.
 */

import { createRandom, type Random } from '../lib/seeded-random.js';

export type { Random };

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- a JSON Schema document is walked as untyped JSON
type Schema = Record<string, any>;

/** The fuzz test's generator: the seeded one of the large-data script. */
export const seededRandom = createRandom;

const WORDS = ['nutrition', 'health', 'member', 'network', 'food', 'care', 'study', 'diet', 'global', 'team'];

/** Words separated by spaces, exactly `length` characters, with no space at either end (schemas trim). */
function words(random: Random, length: number): string {
  let text = '';
  while (text.length < length) text += `${random.pick(WORDS)} `;
  text = text.slice(0, length);
  return text.endsWith(' ') ? `${text.slice(0, -1)}x` : text;
}

let serial = 0;

/**
 * The document's request schemas come from zod's input side, where e-mails, dates and URLs are plain
 * strings: the property name says what the API will check.
 */
function namedString(name: string, schema: Schema): string | undefined {
  serial += 1;
  if (/email/i.test(name)) return `fuzz${serial}@example.org`;
  // A calendar day where the schema's pattern asks for one (a renewal date), else a date-time.
  if (/date/i.test(name) && schema.pattern && new RegExp(schema.pattern).test('2031-05-06')) return '2031-05-06';
  // A date in the test clock's future (test-app.ts), so a schedule's time is accepted too.
  if (/date|activateAt/i.test(name)) return '2031-05-06T10:00:00Z';
  if (name === 'phone') return '+911234567890';
  if (/password/i.test(name)) return 'fuzz-password-1';
  // A console creation's client id (db/client-ids.ts): a UUID, a new one each time.
  if (name === 'clientId') return `00000000-0000-4000-8000-${String(serial).padStart(12, '0')}`;
  if (schema.default === '') return 'https://example.org/fuzz';
  return undefined;
}

const PATTERN_CANDIDATES = ['1', '2', '25', '+911234567890', '2031-05-06', '2031-05-06T10:00:00Z'];

function validString(random: Random, schema: Schema, name: string): string {
  if (schema.enum) return random.pick(schema.enum);
  if (typeof schema.const === 'string') return schema.const;
  const named = namedString(name, schema);
  if (named !== undefined) return named;
  if (schema.pattern) {
    const pattern = new RegExp(schema.pattern);
    return PATTERN_CANDIDATES.find((candidate) => pattern.test(candidate)) ?? 'x';
  }
  const min = Math.max(schema.minLength ?? 1, 1);
  const max = Math.min(schema.maxLength ?? min + 40, min + 60);
  return words(random, min + random.int(max - min + 1));
}

function validNumber(random: Random, schema: Schema): number {
  const low = schema.minimum ?? (schema.exclusiveMinimum === undefined ? 0 : schema.exclusiveMinimum + 1);
  const high = Math.min(schema.maximum ?? low + 100, low + 100);
  return low + random.int(high - low + 1);
}

function validObject(random: Random, schema: Schema, name: string): Record<string, unknown> {
  const required: string[] = schema.required ?? [];
  const entries = Object.entries((schema.properties ?? {}) as Record<string, Schema>)
    .filter(([key]) => required.includes(key) || random.chance(0.5))
    .map(([key, property]) => [key, validValue(random, property, key)]);
  if (entries.length === 0 && name === 'permissions') {
    return { faqs: { view: true, edit: random.chance(0.5) }, activities: { view: random.chance(0.5) } };
  }
  return Object.fromEntries(entries);
}

/** A value the schema accepts; the API may still refuse it for a rule the schema cannot say. */
export function validValue(random: Random, schema: Schema, name = ''): unknown {
  const options: Schema[] | undefined = schema.anyOf ?? schema.oneOf;
  if (options) return validValue(random, random.pick(options), name);
  switch (schema.type) {
    case 'string':
      return validString(random, schema, name);
    case 'integer':
    case 'number':
      return validNumber(random, schema);
    case 'boolean':
      return random.chance(0.5);
    case 'null':
      return null;
    case 'array': {
      const count = Math.max(schema.minItems ?? 1, 1) + random.int(2);
      return Array.from({ length: Math.min(count, schema.maxItems ?? count) }, () =>
        validValue(random, schema.items ?? {}, name),
      );
    }
    case 'object':
      return validObject(random, schema, name);
    default:
      return 'x';
  }
}

/** Strings that must never reach the database as they are, or break what reads them. */
export const NASTY_STRINGS = [
  'a\u0000b',
  'control\u0001\u001b characters',
  'lone \uD800 surrogate',
  '\u202Eright-to-left\u200B zero-width',
  'emoji 😀👩‍👩‍👧 and combining e\u0301\u0301\u0301',
  '   ',
  'quote \' " ; -- drop table users',
  '<script>alert(1)</script>',
  '%E0%A4%A',
];

const WRONG_TYPES: unknown[] = [12345, -1.5, true, null, [], {}, 'text', 1e308, [1, 'a'], { nested: { deep: 1 } }];

/** One body a client should not send: the valid body with one part broken. */
export type Breakage = (random: Random, valid: Record<string, unknown>, schema: Schema) => unknown;

function somePropertyOf(random: Random, body: Record<string, unknown>, schema: Schema): string {
  const keys = [...new Set([...Object.keys(schema.properties ?? {}), ...Object.keys(body)])];
  return keys.length === 0 ? 'field' : random.pick(keys);
}

/** A property the schema types as a number, when it has one. */
function numericPropertyOf(random: Random, body: Record<string, unknown>, schema: Schema): string {
  const numeric = Object.entries((schema.properties ?? {}) as Record<string, Schema>)
    .filter(([, property]) => /integer|number/.test(JSON.stringify(property.type ?? property.anyOf ?? '')))
    .map(([key]) => key);
  return numeric.length > 0 ? random.pick(numeric) : somePropertyOf(random, body, schema);
}

export const BREAKAGES: Record<string, Breakage> = {
  missingRequired: (random, valid, schema) => {
    const required: string[] = schema.required ?? [];
    if (required.length === 0) return valid;
    const { [random.pick(required)]: _dropped, ...rest } = valid;
    return rest;
  },
  wrongType: (random, valid, schema) => ({
    ...valid,
    [somePropertyOf(random, valid, schema)]: random.pick(WRONG_TYPES),
  }),
  hugeString: (random, valid, schema) => ({
    ...valid,
    [somePropertyOf(random, valid, schema)]: 'x'.repeat(200_000),
  }),
  nastyString: (random, valid, schema) => ({
    ...valid,
    [somePropertyOf(random, valid, schema)]: random.pick(NASTY_STRINGS),
  }),
  nastyEverywhere: (random, valid) =>
    Object.fromEntries(
      Object.entries(valid).map(([key, value]) => [
        key,
        typeof value === 'string' ? `${value}${random.pick(NASTY_STRINGS)}` : value,
      ]),
    ),
  /** Numbers a schema may allow but a 32-bit integer column cannot hold. */
  bigNumber: (random, valid, schema) => ({
    ...valid,
    [numericPropertyOf(random, valid, schema)]: random.pick([2147483648, 9007199254740991]),
  }),
  notAnObject: (random) => random.pick([null, [], 'text', 42, true, [{}]]),
  extraProperties: (_random, valid) => ({ ...valid, id: 1, revision: 99, role: 'super_admin', isAdmin: true }),
};

/** Bodies sent as raw text with their own headers. */
export const RAW_BODIES: { label: string; body: string; headers?: Record<string, string> }[] = [
  { label: 'malformed JSON', body: '{"a":' },
  { label: 'prototype keys', body: '{"__proto__":{"isAdmin":true},"constructor":{"prototype":{"x":1}}}' },
  { label: 'deep nesting', body: `${'['.repeat(50_000)}${']'.repeat(50_000)}` },
  { label: 'over the body limit', body: JSON.stringify({ text: 'x'.repeat(1_200_000) }) },
  { label: 'unknown encoding', body: '{}', headers: { 'content-encoding': 'compress' } },
  { label: 'gzip that is not', body: '{}', headers: { 'content-encoding': 'gzip' } },
  { label: 'not JSON', body: 'name=x&email=y', headers: { 'content-type': 'application/x-www-form-urlencoded' } },
];

/** Path segments that name no item: out of range, not a number, not decodable. */
export const ODD_IDS = ['0', '-1', '2147483648', '2147483647', '1e3', 'abc', '%E0%A4%A', '%00', '1.5', '9'.repeat(30)];

export const ODD_TOKENS = ['abc', 'x'.repeat(300), '%E0%A4%A', '%00', 'a'.repeat(64), '..%2F..%2Fetc'];

export const ODD_QUERIES = [
  'page=0',
  'page=-1',
  'page=abc',
  'limit=99999999999',
  'limit=100000',
  'page=1&page=2',
  'status=bogus',
  'role=root',
  'search=%00',
  `search=${'a'.repeat(200)}`,
  'search=%E0%A4%A',
  '%E0%A4%A=1',
  'page[]=1',
  'page=1e3',
];

export const IF_MATCH_VALUES = ['"1"', '*', 'W/"1"', '"1", "2"', 'garbage', '"0"', '"999999999"', '"9999999999"', ''];

/** Idempotency-Key values the API refuses with 400: empty, too long, not printable ASCII (as fetch can send them: Latin-1). */
export const ODD_IDEMPOTENCY_KEYS = ['', 'k'.repeat(256), 'clé', '\u00a0x', 'tab\tinside'];
