/**
 * Builds the real application for tests from a clean environment: only the
 * variables a test passes count, never the machine's own. Without a
 * DATABASE_PATH each site gets its own SQLite file in a fresh temporary
 * directory (removed by close(), or when the test process exits).
 */
import { join } from 'node:path';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { loadConfig, type Config } from '../../src/config';
import { createHttpLayer } from '../../src/http/app';
import { openLeadPipeline, type LeadPipeline, type LeadPipelineOptions } from '../../src/leads/leadPipeline';
import { createLogger } from '../../src/logger';
import { loadAssets, type Assets } from '../../src/pages/assets';
import { renderSite, type RenderedSite } from '../../src/pages/site';
import { assetsDir } from '../../src/paths';
import { removeTempDir, tempDir } from './tempDirs';

/** The same function as tempDir, under the name the storage and alert suites import. */
export { tempDir as testTempDir } from './tempDirs';

export interface TestSite {
  /** The server's request listener, built as src/server.ts builds it: for supertest or http.createServer. */
  app: (req: IncomingMessage, res: ServerResponse) => void;
  config: Config;
  site: RenderedSite;
  assets: Assets;
  /** The database, tables, delivery worker and lead service behind the endpoint. The retry loop is not started. */
  leads: LeadPipeline;
  /** Stops the delivery worker (waiting briefly for attempts under way), closes the database, removes a temporary directory. */
  close(): Promise<void>;
}

export function testConfig(env: Record<string, string> = {}): Config {
  return loadConfig({ NODE_ENV: 'test', ...env });
}

export function createTestSite(env: Record<string, string> = {}, options: LeadPipelineOptions = {}): TestSite {
  const dir = env.DATABASE_PATH === undefined ? tempDir() : undefined;
  const config = testConfig(dir === undefined ? env : { ...env, DATABASE_PATH: join(dir, 'leads.db') });
  const logger = createLogger(config);
  const assets = loadAssets(assetsDir);
  const site = renderSite(config.owner, config.publicUrl, assets, {
    leadRetentionDays: config.retention.leadDays,
    proofOfWork: config.grading.verification === 'proof',
  });
  const leads = openLeadPipeline(config, logger, options);
  const { staticPages, app } = createHttpLayer({ config, logger, site, assets, leads, now: options.now });
  return {
    app: (req, res) => void (staticPages.serve(req, res) || app(req, res)),
    config,
    site,
    assets,
    leads,
    async close() {
      await leads.close(5_000);
      if (dir !== undefined) removeTempDir(dir);
    },
  };
}
