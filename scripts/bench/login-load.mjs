// Sign-in under load (issue 12): anonymous clients send about 20 logins a second with random e-mails
// (each from its own address: TRUST_PROXY on and a new X-Forwarded-For per request, so per-address
// limits do not hide the load) for --duration s, then flood it at 200 a second. The logins are paced,
// each at its own time (pacedLogins), from a child process, so the client's own work does not delay
// the GET / timings. The login path is warmed up first (its first use loads code and starts the
// password worker), so the figures are of the steady state. Budgets (harness.mjs underLoad) at 20
// logins/s: the server's event-loop delay p99 ≤ 10 ms and max ≤ 50 ms, GET / p99 ≤ max(5× idle,
// 25 ms), no 5xx; under the flood, no 5xx. Also printed: the logins verified (answered 401 after a
// bcrypt compare) per second and those refused with 429.
// Run alone: node scripts/bench/login-load.mjs [--duration 10] (after `npm run build`).
import { parseArgs } from 'node:util';
import http from 'node:http';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { cannon, paced, printUnderLoad, settings, sitePid, startSite, underLoad, jsonFromProcess } from './harness.mjs';

const STEADY_LOGINS_PER_S = 20;
const FLOOD_LOGINS_PER_S = 200;
// A login may wait for a worker (up to 2 s in the queue): enough connections to keep the rate up.
const LOGIN_CONNECTIONS = 60;

let sequence = 0;
/** Every request a new visitor: a random address and an e-mail no account has. */
function anonymousLogin(request) {
  sequence += 1;
  const address = `10.${(sequence >> 16) & 255}.${(sequence >> 8) & 255}.${sequence & 255}`;
  return {
    ...request,
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-forwarded-for': address },
    body: JSON.stringify({ email: `visitor-${sequence}@example.org`, password: 'not-the-password' }),
  };
}

function loginCannon(baseUrl, duration, rate) {
  return cannon(`${baseUrl}/api/auth/login`, duration, {
    connections: LOGIN_CONNECTIONS,
    overallRate: rate,
    requests: [{ setupRequest: anonymousLogin }],
  });
}

/**
 * The logins from a process of their own: autocannon times each answer on its event loop, so a login
 * client in this process would delay the GET / timings with its own work (parsing 429s, building bodies).
 */
function loginCannonElsewhere(baseUrl, duration, rate) {
  return jsonFromProcess(fileURLToPath(import.meta.url), ['--logins', baseUrl, duration, rate], 'login client');
}

/** The logins at `rate` a second for `duration` s, judged by underLoad. */
async function loginsUnderLoad(baseUrl, duration, rate) {
  return underLoad(baseUrl, sitePid(baseUrl), async () => {
    const logins = await loginCannonElsewhere(baseUrl, duration, rate);
    const status = (code) => logins.statusCodeStats?.[code]?.count ?? 0;
    const serverErrors = Object.entries(logins.statusCodeStats ?? {})
      .filter(([code]) => Number(code) >= 500)
      .reduce((total, [, stats]) => total + stats.count, 0);
    return {
      sentPerS: logins.requests.total / duration,
      verifiedPerS: status(401) / duration,
      refused: status(429),
      otherAnswers: logins.requests.total - status(401) - status(429),
      serverErrors,
    };
  });
}

export async function loginLoad() {
  const duration = settings.duration;
  const baseUrl = await startSite({ TRUST_PROXY: 'true' });
  await cannon(`${baseUrl}/`, 2); // fills the page cache
  // The first logins load the code of the login path (body parsing, validation: lazy, for a fast
  // start) and start the password worker: a one-off stall of about 100 ms that would otherwise land
  // in the measured span. A few logins first, then a pause for the worker's queue to drain.
  await loginCannon(baseUrl, 2, 5);
  await new Promise((resolve) => setTimeout(resolve, 3000));
  const steady = await loginsUnderLoad(baseUrl, duration, STEADY_LOGINS_PER_S);
  // The flood leaves the password queue full for up to its 2 s wait; underLoad times idle first.
  const flood = await loginsUnderLoad(baseUrl, duration, FLOOD_LOGINS_PER_S);
  for (const [label, result] of [
    [`~${STEADY_LOGINS_PER_S} logins/s`, steady],
    [`flood ~${FLOOD_LOGINS_PER_S} logins/s (only its 5xx judged)`, flood],
  ]) {
    const f = result.figures;
    console.log(
      `\nSign-in load, ${label}: logins sent ${f.sentPerS.toFixed(1)}/s, verified ${f.verifiedPerS.toFixed(1)}/s, ` +
        `429: ${f.refused}, other answers: ${f.otherAnswers}`,
    );
    printUnderLoad(result);
  }
  return {
    ok: steady.ok && flood.checks.noServerErrors,
    figures: { steady: steady.figures, flood: flood.figures },
  };
}

/**
 * `rate` logins a second for `duration` s, each at its own time from the start (as homeProbe paces
 * GET /): visitors who sign in arrive one by one. autocannon's overallRate sends each second's logins
 * in one burst at its start, and GET / then timed how long the site's thread took to take in a burst
 * (about 0.8 ms a login on this 2-core host: 20 at once held a visitor 14 ms), not a steady load.
 * Answers as autocannon's result does, for the figures loginsUnderLoad() reads.
 */
async function pacedLogins(baseUrl, duration, rate) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: LOGIN_CONNECTIONS });
  const counts = {};
  const login = () =>
    new Promise((resolve) => {
      const { headers, body } = anonymousLogin({});
      const request = http.request(`${baseUrl}/api/auth/login`, { method: 'POST', agent, headers }, (answer) => {
        answer.resume();
        answer.on('end', () => {
          counts[answer.statusCode] = (counts[answer.statusCode] ?? 0) + 1;
          resolve();
        });
      });
      request.on('error', () => {
        counts.error = (counts.error ?? 0) + 1;
        resolve();
      });
      request.end(body);
    });
  const sent = await paced(duration, rate, login);
  agent.destroy();
  const statusCodeStats = Object.fromEntries(Object.entries(counts).map(([code, count]) => [code, { count }]));
  return { requests: { total: sent.length }, statusCodeStats };
}

if (import.meta.url === pathToFileURL(process.argv[1]).href && process.argv[2] === '--logins') {
  // The login client of loginCannonElsewhere(): the figures loginsUnderLoad() reads, as JSON on stdout.
  const [baseUrl, duration, rate] = process.argv.slice(3);
  const { requests, statusCodeStats } = await pacedLogins(baseUrl, Number(duration), Number(rate));
  process.stdout.write(JSON.stringify({ requests: { total: requests.total }, statusCodeStats }));
  process.exit(0);
} else if (import.meta.url === pathToFileURL(process.argv[1]).href) {
  const { values } = parseArgs({ options: { duration: { type: 'string', default: String(settings.duration) } } });
  settings.duration = Number(values.duration);
  const { ok } = await loginLoad();
  process.exit(ok ? 0 : 1);
}
