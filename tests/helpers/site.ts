/**
 * Builds the real application for tests from a clean environment: only the
 * variables a test passes count, never the machine's own.
 */
import type { Express } from 'express';
import { loadConfig, type Config } from '../../src/config';
import { createApp } from '../../src/http/app';
import { createLogger } from '../../src/logger';
import { loadAssets, type Assets } from '../../src/pages/assets';
import { renderSite, type RenderedSite } from '../../src/pages/site';
import { assetsDir } from '../../src/paths';

export interface TestSite {
  app: Express;
  config: Config;
  site: RenderedSite;
  assets: Assets;
}

export function testConfig(env: Record<string, string> = {}): Config {
  return loadConfig({ NODE_ENV: 'test', ...env });
}

export function createTestSite(env: Record<string, string> = {}): TestSite {
  const config = testConfig(env);
  const assets = loadAssets(assetsDir);
  const site = renderSite(config, assets);
  const app = createApp({ config, logger: createLogger(config), site, assets });
  return { app, config, site, assets };
}
