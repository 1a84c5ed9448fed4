/** Every file in migrations/ runs: the list the migrator knows is the folder's (a file left out never ran). */
import { readdirSync } from 'node:fs';
import { expect, it } from 'vitest';
import { migrationNames } from './migrate.js';

it('knows every migration file in the migrations folder, in the order of their names', () => {
  const files = readdirSync(new URL('./migrations/', import.meta.url))
    .filter((file) => /^\d{14}_\w+\.ts$/.test(file))
    .map((file) => file.replace(/\.ts$/, ''))
    .sort();
  expect(files.length).toBeGreaterThan(10);
  expect(migrationNames()).toEqual(files);
});
