/**
 * The whole site, assembled once: the pages rendered from the content, the services behind them
 * (src/services/services.ts), and the HTTP layer in front. The server listens with its listener; every test that
 * starts a site builds it here too, with fakes passed in, so a test site is the production site.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Config } from './config';
import type { Content } from './content/schema';
import type { SiteLanguage } from './contract/languages';
import { createHttpLayer } from './http/app';
import { createLogger, type Logger } from './lib/logger';
import { loadAssets } from './pages/assets';
import type { PreviewNote } from './pages/PreviewBanner';
import { offeredLanguages, type RenderedSite, renderSite } from './pages/site';
import { assetsDir } from './lib/paths';
import { openServices, type ServiceDeps, type Services } from './services/services';

// The providers' SDKs are imported on first use, to keep them out of the start-up; they are
// loaded a moment after listening, so the first requests (a health check, the first page view)
// are not queued behind the load, and well before a visitor could have filled in the form.
const WARM_SENDERS_AFTER_MS = 1_000;

// How often the server looks for a revision of the content published by another process (the CLI): a new one is
// served within this time. The look is one indexed read.
const CONTENT_LOOK_MS = 2_000;

export interface SiteDeps extends ServiceDeps {
  /** Default: the JSON logger the configuration asks for. */
  logger?: Logger;
  /** How often to look for a newly published revision of the content (default 2 s). */
  contentLookMs?: number;
}

export type Site = ReturnType<typeof createSite>;

export function createSite(config: Config, deps: SiteDeps = {}) {
  const logger = deps.logger ?? createLogger(config);
  const assets = loadAssets(assetsDir);
  // The services first: the page is rendered from the content published in the database.
  const services = openServices(config, logger, deps);
  type Shown = ReturnType<Services['content']['published']>;
  const render = (
    { content, publishedAt }: Pick<Shown, 'content' | 'publishedAt'>,
    preview?: PreviewNote,
    previous?: RenderedSite,
  ) =>
    renderSite(config.profile, config.publicUrl, assets, {
      previous,
      content,
      languages: config.siteLanguages,
      publishedAt,
      leadRetentionDays: config.retention.leadDays,
      proofOfWork: config.grading.verification === 'proof',
      images: services.owner.images.imageSetsOf(content),
      preview,
    });
  let shown: Shown;
  let pages: ReturnType<typeof renderSite>;
  try {
    shown = services.content.published();
    pages = render(shown);
  } catch (err) {
    void services.close(0);
    throw err;
  }
  // The editor's preview renders the draft with the very renderer of the public page; a publish is served at once.
  const page = {
    preview: (
      content: Content,
      language: SiteLanguage,
      note: (offered: readonly SiteLanguage[], shown: SiteLanguage) => PreviewNote,
    ) => {
      const offered = offeredLanguages(content, config.siteLanguages);
      const shown = offered.includes(language) ? language : 'en';
      const rendered = render({ content, publishedAt: null }, note(offered, shown));
      return rendered.pages.get(shown)?.home ?? rendered.home;
    },
    showLatest,
  };
  const { staticPages, app, showPages } = createHttpLayer({
    config,
    logger,
    pages,
    assets,
    services,
    page,
    now: deps.now,
  });
  let warming: NodeJS.Timeout | undefined;
  let looking: NodeJS.Timeout | undefined;

  /** Renders and serves the newest published revision, if it is not the one served. */
  function showLatest(): void {
    try {
      if (services.content.latestRevision() === shown.revision) return;
      const latest = services.content.published();
      if (latest.revision === shown.revision) return;
      pages = render(latest, undefined, pages);
      showPages(pages);
      shown = latest;
      logger.info({ revision: latest.revision }, 'content revision served');
    } catch (err) {
      logger.error({ err }, 'the published content could not be read or rendered; the page served is unchanged');
    }
  }
  return {
    /** The request listener for http.createServer (or supertest): the fixed pages from memory, the rest by Express. */
    listener: (req: IncomingMessage, res: ServerResponse): void => void (staticPages.serve(req, res) || app(req, res)),
    services,
    /** The pages as served now (rendered from the newest published revision), and the built browser files they link. */
    get pages() {
      return pages;
    },
    /** Serves the newest published revision now (after a publish in this process); others are found within 2 s. */
    showLatest,
    /** Resolves once every fixed response is served in its smallest compressed forms (a moment after a publish). */
    compressed: () => staticPages.compressed(),
    assets,
    logger,
    /** Once listening: the alert loop (picking up alerts left pending), the daily housekeeping, the view counts. */
    start() {
      services.runner.start();
      services.housekeeping.start();
      services.views.start();
      looking = setInterval(showLatest, deps.contentLookMs ?? CONTENT_LOOK_MS);
      looking.unref();
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
      clearInterval(looking);
      return services.close(timeoutMs);
    },
  };
}
