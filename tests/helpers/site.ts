/**
 * Builds the real application for tests from a clean environment: only the
 * variables a test passes count, never the machine's own. Without a
 * DATABASE_PATH each site gets its own SQLite file in a fresh temporary
 * directory (removed by close(), or when the test process exits).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Express } from 'express';
import { loadConfig, type Config } from '../../src/config';
import { createApp } from '../../src/http/app';
import { openLeadCapture, type LeadCapture, type LeadCaptureOptions } from '../../src/leads/leadCapture';
import { createLogger } from '../../src/logger';
import { loadAssets, type Assets } from '../../src/pages/assets';
import { renderSite, type RenderedSite } from '../../src/pages/site';
import { assetsDir } from '../../src/paths';

export interface TestSite {
  app: Express;
  config: Config;
  site: RenderedSite;
  assets: Assets;
  /** The database, store and alert dispatcher behind the lead endpoint. The retry loop is not started. */
  leads: LeadCapture;
  /** Stops the dispatcher (waiting briefly for attempts under way), closes the database, removes a temporary directory. */
  close(): Promise<void>;
}

const tempDirs = new Set<string>();
process.once('exit', () => {
  for (const dir of tempDirs) rmSync(dir, { recursive: true, force: true });
});

/** A fresh directory for a test's files, removed when the test process exits. */
export function testTempDir(prefix = 'site-test-'): string {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  tempDirs.add(dir);
  return dir;
}

export function testConfig(env: Record<string, string> = {}): Config {
  return loadConfig({ NODE_ENV: 'test', ...env });
}

export function createTestSite(env: Record<string, string> = {}, options: LeadCaptureOptions = {}): TestSite {
  const dir = env.DATABASE_PATH === undefined ? testTempDir() : undefined;
  const config = testConfig(dir === undefined ? env : { ...env, DATABASE_PATH: join(dir, 'leads.db') });
  const logger = createLogger(config);
  const assets = loadAssets(assetsDir);
  const site = renderSite(config, assets);
  const leads = openLeadCapture(config, logger, options);
  const app = createApp({ config, logger, site, assets, leads });
  return {
    app,
    config,
    site,
    assets,
    leads,
    async close() {
      await leads.close(5_000);
      if (dir !== undefined) {
        rmSync(dir, { recursive: true, force: true });
        tempDirs.delete(dir);
      }
    },
  };
}
