/**
 * The one production server: the API at /api, the admin console at /admin, the public site at /.
 * Until the site and the console are built, / and /admin answer with placeholder pages.
 */
import { createServer } from 'node:http';
import { ConfigError, createLogger, loadConfig, startRuntime } from '@npo/api';
import { createSiteRenderer, loadSiteBuild } from './site-renderer.js';
import { createWebApp, SITE_BUILD_DIR } from './web-app.js';

async function main(): Promise<void> {
  const config = loadConfig();
  const logger = createLogger(config.logLevel);
  const runtime = await startRuntime(config, logger);
  const siteBuilt = await loadSiteBuild(SITE_BUILD_DIR);
  if (!siteBuilt) logger.warn({ dir: SITE_BUILD_DIR }, 'the public site has not been built: run npm run build');
  const web = createWebApp(runtime, {
    ...(siteBuilt && { renderSite: createSiteRenderer(runtime, { buildDir: SITE_BUILD_DIR }) }),
  });
  const server = createServer(web.callback());
  server.listen(config.port, config.host, () => {
    logger.info({ port: config.port, database: config.databaseUrl ? 'postgres' : 'sqlite' }, 'server listening');
  });

  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, 'shutting down');
    server.close(() => {
      runtime.close().then(
        () => process.exit(0),
        () => process.exit(1),
      );
    });
    server.closeIdleConnections();
    // Requests still open after 10 s are cut, so a stuck client cannot hold the shutdown forever.
    setTimeout(() => process.exit(1), 10_000).unref();
  };
  process.on('SIGTERM', () => stop('SIGTERM'));
  process.on('SIGINT', () => stop('SIGINT'));
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError) {
    console.error(error.message);
  } else {
    console.error('Failed to start:', error);
  }
  process.exit(1);
});
