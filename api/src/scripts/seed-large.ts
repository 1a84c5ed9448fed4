#!/usr/bin/env node
/**
 * Fills the configured database (DATA_DIR or DATABASE_URL, as the server reads them) with the large
 * data set of large-data.ts, after running the migrations:
 *   npm run seed:large [-- --scale 0.1 --now 2026-11-23T12:00:00Z --seed 42]
 * It refuses a database that already holds the data: the e-mails would collide. Seed a fresh one.
 */
import { parseArgs } from 'node:util';
import { loadConfig } from '../config.js';
import { withDatabase } from '../startup/admin-accounts.js';
import { hasLargeData, SEED_DOMAIN, SEED_PASSWORD, seedLargeData } from './large-data.js';

const USAGE = 'Usage: npm run seed:large [-- --scale 0.1 --now 2026-11-23T12:00:00Z --seed 42]';

function parseOptions(args: string[]) {
  const { values } = parseArgs({
    args,
    options: {
      scale: { type: 'string', default: '1' },
      now: { type: 'string' },
      seed: { type: 'string', default: '20261123' },
      help: { type: 'boolean', short: 'h' },
    },
  });
  const scale = Number(values.scale);
  const seed = Number(values.seed);
  const now = values.now ? new Date(values.now) : new Date();
  if (values.help || !(scale > 0) || !Number.isInteger(seed) || Number.isNaN(now.getTime())) {
    throw new Error(USAGE);
  }
  return { scale, seed, now };
}

async function main(): Promise<void> {
  const options = parseOptions(process.argv.slice(2));
  const started = performance.now();
  const result = await withDatabase(loadConfig(), async (db) => {
    if (await hasLargeData(db)) {
      throw new Error(`This database already holds the large data (accounts @${SEED_DOMAIN}): seed a fresh one.`);
    }
    return seedLargeData(db, { ...options, log: (line) => console.log(line) });
  });
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  console.log(`Seeded ${JSON.stringify(result.counts)} in ${seconds} s.`);
  console.log(
    `Staff: admin0..admin${result.admins + result.superAdmins - 1}@${SEED_DOMAIN}, password ${SEED_PASSWORD}`,
  );
}

main().catch((error: unknown) => {
  // A failed batch insert quotes its whole statement: the start says enough.
  console.error((error instanceof Error ? error.message : String(error)).slice(0, 2_000));
  process.exitCode = 1;
});
