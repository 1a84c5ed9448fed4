import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { APP_VERSION } from './version.js';

const versionOf = (file: string) =>
  (JSON.parse(readFileSync(new URL(file, import.meta.url), 'utf8')) as { version?: string }).version;

describe('the release version', () => {
  it('is the root package.json version and the desktop app version', () => {
    expect(versionOf('../../package.json')).toBe(APP_VERSION);
    expect(versionOf('../../desktop/package.json')).toBe(APP_VERSION);
  });

  it('has a section of its own in CHANGELOG.md', () => {
    const changelog = readFileSync(new URL('../../CHANGELOG.md', import.meta.url), 'utf8');
    expect(changelog).toMatch(
      new RegExp(`^## \\[${APP_VERSION.replace(/\./g, '\\.')}\\] - \\d{4}-\\d{2}-\\d{2}$`, 'm'),
    );
  });
});
