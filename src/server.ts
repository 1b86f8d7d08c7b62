/**
 * Entry point: read the configuration, render the pages once, serve them.
 * Start-up problems (bad configuration, missing build) stop the process with
 * exit code 1 and a clear message.
 */
import { ConfigError, loadConfig } from './config';
import { createApp } from './http/app';
import { openLeadCapture } from './leads/leadCapture';
import { createLogger } from './logger';
import { loadAssets } from './pages/assets';
import { renderSite } from './pages/site';
import { assetsDir } from './paths';

function main(): void {
  const config = loadConfig();
  const logger = createLogger(config);
  const assets = loadAssets(assetsDir);
  const site = renderSite(config, assets);
  const leads = openLeadCapture(config, logger);
  const app = createApp({ config, logger, site, assets, leads });

  const server = app.listen(config.port, config.host, () => {
    logger.info({ url: `http://${config.host}:${config.port}`, publicUrl: config.publicUrl }, 'server listening');
    leads.dispatcher.start(); // also picks up alerts left pending by an earlier run
  });
  // Slow or idle clients must not hold sockets: headers within 10 s, the whole request within 30 s.
  server.headersTimeout = 10_000;
  server.requestTimeout = 30_000;
  server.keepAliveTimeout = 5_000;
  server.on('error', (err) => {
    logger.fatal({ err }, 'server could not start');
    process.exit(1);
  });

  // Stop accepting, let requests and alert attempts under way finish (within
  // SHUTDOWN_TIMEOUT_MS), close the database, exit 0. An attempt cut off by the
  // deadline stays pending in the database and is retried at the next start.
  const stop = (signal: string) => {
    logger.info({ signal }, 'shutting down');
    const deadline = Date.now() + config.shutdownTimeoutMs;
    const force = setTimeout(() => server.closeAllConnections(), config.shutdownTimeoutMs);
    force.unref();
    server.close(() => {
      clearTimeout(force);
      leads.close(Math.max(0, deadline - Date.now())).then(
        ({ attemptsFinished }) => {
          if (!attemptsFinished) logger.warn('shutdown deadline reached with alert attempts under way; they stay pending and are retried at the next start');
          logger.info('shut down');
          process.exit(0);
        },
        (err: unknown) => {
          logger.error({ err }, 'the database did not close cleanly');
          process.exit(1);
        },
      );
    });
    server.closeIdleConnections();
  };
  process.once('SIGTERM', () => stop('SIGTERM'));
  process.once('SIGINT', () => stop('SIGINT'));
}

try {
  main();
} catch (err) {
  if (err instanceof ConfigError) {
    for (const problem of err.problems) console.error(`Configuration error: ${problem}`);
  } else {
    console.error(err instanceof Error ? err.message : err);
  }
  process.exit(1);
}
