/**
 * docs/configuration.md's table of the server's variables is the configuration: exactly the variables
 * config.ts reads, each with the default config.ts applies.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { envSchema } from './config.js';

const page = readFileSync(new URL('../../docs/configuration.md', import.meta.url), 'utf8');

/** The rows of the table under "## The server's variables": variable name and its Default cell. */
function documentedRows(): Map<string, string> {
  const section = page.split(/^## /m).find((part) => part.startsWith("The server's variables"));
  if (!section) throw new Error('docs/configuration.md has no section "The server\'s variables"');
  const rows = new Map<string, string>();
  for (const line of section.split('\n')) {
    const cells = /^\| `([A-Z0-9_]+)` \| ([^|]*) \|/.exec(line);
    if (cells) rows.set(cells[1]!, cells[2]!.trim());
  }
  return rows;
}

/** Defaults loadConfig computes from other variables rather than the schema's. */
const COMPUTED_DEFAULTS: Record<string, string> = { PUBLIC_URL: '`http://localhost:PORT`' };

/** The default config.ts applies to an unset variable, as text; undefined when it has none. */
function defaultOf(name: keyof typeof envSchema.shape): string | undefined {
  const parsed = envSchema.shape[name].safeParse(undefined);
  if (!parsed.success || parsed.data === undefined) return undefined;
  return Array.isArray(parsed.data) ? parsed.data.join(',') : String(parsed.data);
}

describe('docs/configuration.md', () => {
  const rows = documentedRows();

  it('lists exactly the variables config.ts reads', () => {
    expect([...rows.keys()].sort()).toEqual(Object.keys(envSchema.shape).sort());
  });

  it('gives each variable the default config.ts applies, or says it is unset', () => {
    for (const name of Object.keys(envSchema.shape) as (keyof typeof envSchema.shape)[]) {
      const documented = rows.get(name) ?? '';
      const applied = defaultOf(name);
      if (name in COMPUTED_DEFAULTS) expect(documented, name).toBe(COMPUTED_DEFAULTS[name]);
      else if (applied === undefined) expect(documented, name).toMatch(/^(unset|generated)/);
      else if (applied === '') expect(documented, name).toBe('empty');
      else expect(documented, name).toBe(`\`${applied}\``);
    }
  });
});
