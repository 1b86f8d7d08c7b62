/**
 * The whole site, assembled once: the pages rendered from the content, the services behind them
 * (src/services/services.ts), and the HTTP layer in front. The server listens with its listener; every test that
 * starts a site builds it here too, with fakes passed in, so a test site is the production site.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Config } from './config';
import { createHttpLayer } from './http/app';
import { createLogger, type Logger } from './lib/logger';
import { loadAssets } from './pages/assets';
import { renderSite } from './pages/site';
import { assetsDir } from './lib/paths';
import { openServices, type ServiceDeps } from './services/services';

// The providers' SDKs are imported on first use, to keep them out of the start-up; they are
// loaded a moment after listening, so the first requests (a health check, the first page view)
// are not queued behind the load, and well before a visitor could have filled in the form.
const WARM_SENDERS_AFTER_MS = 1_000;

export interface SiteDeps extends ServiceDeps {
  /** Default: the JSON logger the configuration asks for. */
  logger?: Logger;
}

export type Site = ReturnType<typeof createSite>;

export function createSite(config: Config, deps: SiteDeps = {}) {
  const logger = deps.logger ?? createLogger(config);
  const assets = loadAssets(assetsDir);
  // The services first: the page is rendered from the content published in the database.
  const services = openServices(config, logger, deps);
  let pages: ReturnType<typeof renderSite>;
  try {
    pages = renderSite(config.profile, config.publicUrl, assets, {
      content: services.content.published().content,
      leadRetentionDays: config.retention.leadDays,
      proofOfWork: config.grading.verification === 'proof',
    });
  } catch (err) {
    void services.close(0);
    throw err;
  }
  const { staticPages, app } = createHttpLayer({ config, logger, pages, assets, services, now: deps.now });
  let warming: NodeJS.Timeout | undefined;
  return {
    /** The request listener for http.createServer (or supertest): the fixed pages from memory, the rest by Express. */
    listener: (req: IncomingMessage, res: ServerResponse): void => void (staticPages.serve(req, res) || app(req, res)),
    services,
    /** The pages as rendered at start-up, and the built browser files they link. */
    pages,
    assets,
    logger,
    /** Once listening: the alert loop (picking up alerts left pending), the daily housekeeping, the view counts. */
    start() {
      services.runner.start();
      services.housekeeping.start();
      services.views.start();
      warming = setTimeout(() => {
        services
          .warmSenders()
          .catch((err: unknown) =>
            logger.warn({ err }, 'alert provider SDK could not be loaded yet; the first alert tries again'),
          );
      }, WARM_SENDERS_AFTER_MS);
      warming.unref();
    },
    /** Stops the loops, waits up to timeoutMs for alert attempts under way, closes the database. */
    close(timeoutMs: number) {
      clearTimeout(warming);
      return services.close(timeoutMs);
    },
  };
}
