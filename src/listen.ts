/**
 * Serves a site on the configured port until SIGTERM or SIGINT, then shuts down gracefully: stop
 * accepting, let requests and alert attempts under way finish (within SHUTDOWN_TIMEOUT_MS), close the
 * database, exit 0. An attempt cut off by the deadline stays pending in the database and is retried
 * at the next start. src/server.ts runs it for the production site; process tests for theirs.
 */
import { createServer } from 'node:http';
import type { Config } from './config';
import type { Site } from './site';

export function listen(config: Config, site: Site): void {
  const { logger } = site;
  // Created with its options rather than by app.listen: Node checks the headers and request
  // timeouts only every connectionsCheckingInterval (30 s by default, settable only here), so a
  // slowloris client set to be cut off after 10 s could otherwise hold its socket for 40 s.
  const server = createServer(
    {
      headersTimeout: config.headersTimeoutMs,
      requestTimeout: config.requestTimeoutMs,
      connectionsCheckingInterval: Math.min(1_000, config.headersTimeoutMs),
    },
    site.listener,
  );
  server.listen(config.port, config.host, () => {
    logger.info({ url: `http://${config.host}:${config.port}`, publicUrl: config.publicUrl }, 'server listening');
    site.start();
  });
  // Slow or idle clients must not hold sockets (HEADERS_TIMEOUT_MS, REQUEST_TIMEOUT_MS above).
  server.keepAliveTimeout = 5_000;
  server.on('error', (err) => {
    logger.fatal({ err }, 'server could not start');
    process.exit(1);
  });

  const stop = (signal: string) => {
    logger.info({ signal }, 'shutting down');
    const deadline = Date.now() + config.shutdownTimeoutMs;
    const force = setTimeout(() => server.closeAllConnections(), config.shutdownTimeoutMs);
    force.unref();
    server.close(() => {
      clearTimeout(force);
      site.close(Math.max(0, deadline - Date.now())).then(
        ({ attemptsFinished }) => {
          if (!attemptsFinished)
            logger.warn(
              'shutdown deadline reached with alert attempts under way; they stay pending and are retried at the next start',
            );
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
