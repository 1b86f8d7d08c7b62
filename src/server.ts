/**
 * Entry point: read the configuration, build the site (src/site.ts), serve it (src/listen.ts). Start-up problems
 * (bad configuration, missing build) stop the process with exit code 1 and a clear message.
 */
import { ConfigError, loadConfig, startupWarnings } from './config';
import { listen } from './listen';
import { createSite } from './site';

try {
  // Every file this process creates (the database, its -wal and -shm) is readable by its user only.
  process.umask(0o077);
  const config = loadConfig();
  const site = createSite(config);
  for (const warning of startupWarnings(config)) site.logger.warn(warning);
  listen(config, site);
} catch (err) {
  if (err instanceof ConfigError) {
    for (const problem of err.problems) console.error(`Configuration error: ${problem}`);
  } else {
    console.error(err instanceof Error ? err.message : err);
  }
  process.exit(1);
}
