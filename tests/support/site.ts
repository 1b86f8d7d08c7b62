/**
 * Builds the real site for tests with createSite, as the server does, from a
 * clean environment: only the variables a test passes count, never the
 * machine's own. Without a DATABASE_PATH each site gets its own SQLite file
 * in a fresh temporary directory (removed by close(), or when the test
 * process exits). Fakes (a clock, channels, senders) are passed in.
 */
import { join } from 'node:path';
import { type Config, loadConfig } from '../../src/config';
import { createSite, type Site, type SiteDeps } from '../../src/site';
import { removeTempDir, tempDir } from './tempDirs';

/** The same function as tempDir, under the name the storage and alert suites import. */
export { tempDir as testTempDir } from './tempDirs';

export interface TestSite extends Omit<Site, 'close'> {
  config: Config;
  /** Stops the runner (waiting briefly for attempts under way), closes the database, removes a temporary directory. */
  close(): Promise<void>;
}

export function testConfig(env: Record<string, string> = {}): Config {
  return loadConfig({ NODE_ENV: 'test', ...env });
}

export function createTestSite(env: Record<string, string> = {}, deps: SiteDeps = {}): TestSite {
  const dir = env.DATABASE_PATH === undefined ? tempDir() : undefined;
  const config = testConfig(dir === undefined ? env : { ...env, DATABASE_PATH: join(dir, 'leads.db') });
  const site = createSite(config, deps);
  return {
    ...site,
    config,
    async close() {
      await site.close(5_000);
      if (dir !== undefined) removeTempDir(dir);
    },
  };
}
