/**
 * The server process of the tests that need options an operator never sets (how fast failed alerts
 * are retried): the production site and listener (src/site.ts, src/listen.ts), built with the options
 * of TEST_SITE_OPTIONS (JSON, e.g. {"retry":{"baseMs":20,"maxAttempts":100}}). Run by
 * serverProcess.ts with `node --import tsx`.
 */
import { loadConfig } from '../../src/config';
import { listen } from '../../src/listen';
import { createSite, type SiteDeps } from '../../src/site';

process.umask(0o077);
const config = loadConfig();
const options = JSON.parse(process.env.TEST_SITE_OPTIONS ?? '{}') as Pick<SiteDeps, 'retry'>;
listen(config, createSite(config, { retry: options.retry }));
