/**
 * Entry point: read the configuration, render the pages once, serve them.
 * Start-up problems (bad configuration, missing build) stop the process with
 * exit code 1 and a clear message.
 */
import { ConfigError, loadConfig } from './config';
import { createApp } from './http/app';
import { createLogger } from './logger';
import { loadAssets } from './pages/assets';
import { renderSite } from './pages/site';
import { assetsDir } from './paths';

function main(): void {
  const config = loadConfig();
  const logger = createLogger(config);
  const assets = loadAssets(assetsDir);
  const site = renderSite(config, assets);
  const app = createApp({ config, logger, site, assets });

  const server = app.listen(config.port, config.host, () => {
    logger.info({ url: `http://${config.host}:${config.port}`, publicUrl: config.publicUrl }, 'server listening');
  });
  server.on('error', (err) => {
    logger.fatal({ err }, 'server could not start');
    process.exit(1);
  });

  const stop = (signal: string) => {
    logger.info({ signal }, 'shutting down');
    server.close(() => process.exit(0));
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
