/**
 * The one production server: the API at /api, the admin console at /admin, the public site at /.
 * Until the site and the console are built, / and /admin answer with placeholder pages.
 */
import path from 'node:path';
import { ConfigError, createLogger, loadConfig, startRuntime } from '@npo/api';
import { answerClientErrors } from './client-errors.js';
import { connectionLimits, guardConnections, openFilesLimit } from './connection-guard.js';
import { drainableServer } from './graceful-shutdown.js';
import { createSiteRenderer, loadSiteBuild } from './site-renderer.js';
import { createWebApp, SITE_BUILD_DIR } from './web-app.js';

/** Requests still open after this are cut, so a stuck client cannot hold the shutdown forever. */
const DRAIN_LIMIT_MS = 10_000;
/** Closing the database and the mailer after the drain gets this long before the process gives up. */
const CLOSE_LIMIT_MS = 5_000;

async function main(): Promise<void> {
  // Whatever the process creates in DATA_DIR (the database, its -wal and -shm, backups, the outbox,
  // restores) is its owner's only: 0600 files, 0700 folders (issue 52 item 12).
  process.umask(0o077);
  const config = loadConfig();
  const logger = createLogger(config.logLevel);
  const runtime = await startRuntime(config, logger);
  const siteBuilt = await loadSiteBuild(SITE_BUILD_DIR);
  if (!siteBuilt) logger.warn({ dir: SITE_BUILD_DIR }, 'the public site has not been built: run npm run build');
  const web = createWebApp(runtime, {
    ...(siteBuilt && { renderSite: createSiteRenderer(runtime, { buildDir: SITE_BUILD_DIR }) }),
  });
  const { server, drain } = drainableServer();
  guardConnections(server, {
    limits: connectionLimits(openFilesLimit()),
    behindProxy: config.trustProxy,
    report: (counts) => logger.warn(counts, 'connections refused or closed to keep room for every visitor'),
  });
  answerClientErrors(server, logger);
  const handle = web.callback();
  // Koa answers its own errors (app.onerror): the promise settles with the response, nothing to await.
  server.on('request', (request, response) => void handle(request, response));
  server.listen(config.port, config.host, () => {
    const database = config.databaseUrl ? 'postgres' : 'sqlite';
    logger.info({ port: config.port, database }, 'server listening');
  });

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, 'shutting down');
    const answeredAll = await drain.stop(DRAIN_LIMIT_MS);
    if (!answeredAll) logger.warn({ limitMs: DRAIN_LIMIT_MS }, 'shutdown cut requests still open');
    setTimeout(() => process.exit(1), CLOSE_LIMIT_MS).unref();
    await runtime.close().then(
      () => process.exit(answeredAll ? 0 : 1),
      (error: unknown) => {
        logger.error({ err: error }, 'closing the database or the mailer failed');
        process.exit(1);
      },
    );
  };
  process.on('SIGTERM', () => void stop('SIGTERM'));
  process.on('SIGINT', () => void stop('SIGINT'));
}

/**
 * DATA_DIR, or a file in it, that cannot be made (loadConfig keeps the local JWT secret there, before
 * the runtime's own check): the setting, the path and the reason, without a stack.
 */
function fileSystemFailure(error: unknown): string | null {
  const { code, syscall, path: file } = (error ?? {}) as NodeJS.ErrnoException;
  if (typeof code !== 'string' || typeof syscall !== 'string' || typeof file !== 'string') return null;
  const dataDir = path.resolve(process.env.DATA_DIR || './data');
  if (path.relative(dataDir, file).startsWith('..')) return null;
  const reason = (error as Error).message.replace(/^[A-Z]+: /, '').replace(/, \w+ '.*'$/, '');
  return `DATA_DIR ${dataDir} cannot be created or written: ${reason} (${code} on ${file})`;
}

main().catch((error: unknown) => {
  const line = error instanceof ConfigError ? error.message : fileSystemFailure(error);
  if (line) console.error(line);
  else console.error('Failed to start:', error);
  process.exit(1);
});
