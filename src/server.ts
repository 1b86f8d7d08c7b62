/**
 * Entry point: read the configuration, render the pages once, serve them.
 * Start-up problems (bad configuration, missing build) stop the process with
 * exit code 1 and a clear message.
 */
import { createServer } from 'node:http';
import { ConfigError, loadConfig } from './config';
import { createHttpLayer } from './http/app';
import { openLeadPipeline } from './leads/leadPipeline';
import { createLogger } from './logger';
import { loadAssets } from './pages/assets';
import { renderSite } from './pages/site';
import { assetsDir } from './paths';

const WARM_SENDERS_AFTER_MS = 1_000;

function main(): void {
  // Every file this process creates (the database, its -wal and -shm) is readable by its user only.
  process.umask(0o077);
  const config = loadConfig();
  const logger = createLogger(config);
  const assets = loadAssets(assetsDir);
  const site = renderSite(config.owner, config.publicUrl, assets, {
    leadRetentionDays: config.retention.leadDays,
    proofOfWork: config.grading.verification === 'proof',
  });
  const leads = openLeadPipeline(config, logger);
  const { staticPages, app } = createHttpLayer({ config, logger, site, assets, leads });

  // Created with its options rather than by app.listen: Node checks the headers and request
  // timeouts only every connectionsCheckingInterval (30 s by default, settable only here), so a
  // slowloris client set to be cut off after 10 s could otherwise hold its socket for 40 s.
  const server = createServer(
    {
      headersTimeout: config.headersTimeoutMs,
      requestTimeout: config.requestTimeoutMs,
      connectionsCheckingInterval: Math.min(1_000, config.headersTimeoutMs),
    },
    // The fixed pages straight from memory; everything else through the Express app.
    (req, res) => staticPages.serve(req, res) || app(req, res),
  );
  server.listen(config.port, config.host, () => {
    logger.info({ url: `http://${config.host}:${config.port}`, publicUrl: config.publicUrl }, 'server listening');
    leads.worker.start(); // also picks up alerts left pending by an earlier run
    leads.housekeeping.start(); // retention: now, then daily
    leads.views.start(); // page views reach the database once a minute
    // The twilio and nodemailer SDKs are imported on first use (their ~250 ms of loading kept the
    // server from answering until ~400 ms after spawn). Load them a moment after listening rather
    // than at once, so the first requests (a health check, the first page view) are not queued
    // behind that stall, and well before a visitor could have filled in the form.
    setTimeout(() => {
      leads.warmSenders().catch((err: unknown) => logger.warn({ err }, 'alert provider SDK could not be loaded yet; the first alert tries again'));
    }, WARM_SENDERS_AFTER_MS).unref();
  });
  // Slow or idle clients must not hold sockets (HEADERS_TIMEOUT_MS, REQUEST_TIMEOUT_MS above).
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
