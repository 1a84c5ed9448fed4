// Benchmark section: Lighthouse performance scores of the BUILT server (run `npm run build` first), in
// Debian's Chromium, with Lighthouse's default mobile settings (simulated 4x CPU slowdown and slow 4G).
//   Home page `/`: budget ≥ 98. The console's sign-in `/admin/login`: budget ≥ 95.
// Each page is audited RUNS times and the median score counts: one audit swings with whatever else the
// machine is doing. Lighthouse's own FCP, LCP, TBT and CLS of the median run are printed beside it.
// Usage alone: node scripts/bench/lighthouse.mjs [--runs 3]. Imported, runLighthouse() returns { ok, figures }.
import { parseArgs } from 'node:util';
import { fileURLToPath } from 'node:url';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { ms, startSite } from './harness.mjs';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const PAGES = [
  { path: '/', budget: 98 },
  { path: '/admin/login', budget: 95 },
];
const METRICS = {
  fcp: 'first-contentful-paint',
  lcp: 'largest-contentful-paint',
  tbt: 'total-blocking-time',
  cls: 'cumulative-layout-shift',
};

/** One audit; a run Lighthouse itself could not complete (its runtimeError) is tried again, twice at most. */
async function audit(url, port, attemptsLeft = 3) {
  const { lhr } = await lighthouse(url, { port, output: 'json', logLevel: 'error', onlyCategories: ['performance'] });
  if (lhr.runtimeError) {
    console.log(
      `  (${url}: Lighthouse could not complete the run: ${lhr.runtimeError.code}${attemptsLeft > 1 ? ', again' : ''})`,
    );
    if (attemptsLeft > 1) return audit(url, port, attemptsLeft - 1);
  }
  const metric = (id) => lhr.audits[id]?.numericValue ?? Number.NaN;
  return {
    score: Math.round((lhr.categories.performance.score ?? 0) * 100),
    ...Object.fromEntries(Object.entries(METRICS).map(([name, id]) => [name, metric(id)])),
  };
}

const median = (runs) => [...runs].sort((a, b) => a.score - b.score)[Math.floor(runs.length / 2)];

export async function runLighthouse(runs = 3, baseUrl = undefined) {
  const siteUrl = baseUrl ?? (await startSite());
  const chrome = await chromeLauncher.launch({
    chromePath: CHROMIUM,
    chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu'],
  });
  console.log(`\nLighthouse performance (mobile defaults, median of ${runs} runs):`);
  const figures = {};
  let ok = true;
  try {
    for (const { path, budget } of PAGES) {
      const results = [];
      for (let run = 0; run < runs; run += 1) results.push(await audit(`${siteUrl}${path}`, chrome.port));
      const middle = median(results);
      const met = middle.score >= budget;
      ok &&= met;
      figures[path] = { ...middle, scores: results.map((result) => result.score), budget };
      console.log(
        `  ${path.padEnd(13)} score ${String(middle.score).padStart(3)} (runs ${figures[path].scores.join(', ')})` +
          `   FCP ${ms(middle.fcp)}  LCP ${ms(middle.lcp)}  TBT ${ms(middle.tbt)}  CLS ${middle.cls.toFixed(3)}` +
          `   budget ≥ ${budget}: ${met ? 'OK' : 'MISSED'}`,
      );
    }
  } finally {
    await chrome.kill();
  }
  return { ok, figures };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const { values } = parseArgs({ options: { runs: { type: 'string', default: '3' } } });
  const { ok } = await runLighthouse(Number(values.runs));
  process.exit(ok ? 0 : 1);
}
