/**
 * The HTTP layer, assembled: the fixed pages answered from memory, and the Express app behind them
 * (security headers, request log, health check, the SMS delivery reports, the lead endpoint, the mark
 * links, the owner's inbox, a not-found page for everything else). Everything it needs is passed in,
 * so tests build it with real local stand-ins.
 */
import express, { type ErrorRequestHandler } from 'express';
import type { Config } from '../config';
import type { Logger } from '../lib/logger';
import type { Assets } from '../pages/assets';
import { createBookingPage } from '../pages/bookingPage';
import { createLeadResultPage } from '../pages/leadResultPage';
import { createMarkLinkPage } from '../pages/markLinkPage';
import { hostOf } from '../sources/attribution';
import type { RenderedSite } from '../pages/site';
import type { Services } from '../services/services';
import { healthRoute } from './healthRoute';
import { imageFileRoute } from './imageFileRoute';
import { countHomePageViews } from './homePageViews';
import { bookingRoute } from './bookingRoute';
import { leadRoute } from './leadRoute';
import { leadRateLimit } from './rateLimit';
import { markLinkRoute } from './markLinkRoute';
import type { PageControl } from './inbox/contentRoutes';
import { inboxRoutes } from './inbox/routes';
import { requestLog } from './requestLog';
import { smsStatusRoute } from './smsStatusRoute';
import { securityHeaderList, securityHeaders } from './securityHeaders';
import { notFoundRoute } from './notFoundRoute';
import { fixedResponses, languagePagesGone, pageResponses } from './pageResponses';
import { createStaticPages } from './staticPages';

export interface HttpDeps {
  config: Config;
  logger: Logger;
  pages: RenderedSite;
  assets: Assets;
  /** What the routes call: the lead service, the owner's actions, never a table. */
  services: Pick<
    Services,
    'leadService' | 'challenges' | 'markLinks' | 'views' | 'owner' | 'receipts' | 'health' | 'bookings'
  >;
  /** The public page, for the content editor's preview and publish. */
  page: PageControl;
  /** The clock the signed links are checked against. */
  now?: () => number;
}

/** The site's listener (src/site.ts) asks staticPages first, then the app. */
export function createHttpLayer({ config, logger, pages, assets, services, page, now = Date.now }: HttpDeps) {
  const views = countHomePageViews(services.views, hostOf(config.publicUrl));
  const staticPages = createStaticPages(fixedResponses(pages, assets), securityHeaderList(config), logger, views);
  const app = express();
  app.disable('x-powered-by');
  app.set('etag', false); // the fixed pages carry their own ETags; the rest must not be cached
  app.set('trust proxy', config.trustProxy);
  app.set('case sensitive routing', true);
  app.set('strict routing', true);
  app.use(requestLog(logger));
  app.use(securityHeaders(config));
  app.get('/healthz', healthRoute(services.health));
  if (config.sms)
    app.use(smsStatusRoute({ sms: config.sms, publicUrl: config.publicUrl, receipts: services.receipts, logger }));
  const resultPage = createLeadResultPage(config.profile, assets);
  let shown = pages;
  let offered = [...pages.pages.keys()];
  const limit = leadRateLimit(config);
  app.use(
    leadRoute({
      ...{ config, service: services.leadService, challenges: services.challenges, resultPage, limit },
      offered: () => offered,
      bookingLink: services.bookings.linkForLead,
    }),
  );
  const bookingPage = createBookingPage(config.profile, assets);
  app.use(bookingRoute({ config, bookings: services.bookings, page: bookingPage, limit: limit.count }));
  const markPage = createMarkLinkPage(config.profile, assets);
  app.use(markLinkRoute({ config, links: services.markLinks, owner: services.owner, page: markPage, now }));
  app.use(inboxRoutes({ config, assets, owner: services.owner, page, now }));
  app.use(imageFileRoute(services.owner.images));
  const missing = notFoundRoute(pages, logger);
  app.use(missing.handler);
  app.use(errorHandler(logger));
  return {
    staticPages,
    app,
    /** Serves newly rendered pages (a published revision of the content) from the next request on. */
    showPages(rendered: RenderedSite) {
      staticPages.replace(pageResponses(rendered), languagePagesGone(shown, rendered));
      shown = rendered;
      missing.show(rendered);
      offered = [...rendered.pages.keys()];
    },
  };
}

function errorHandler(logger: Logger): ErrorRequestHandler {
  return (err: unknown, _req, res, _next) => {
    const status = typeof err === 'object' && err !== null && 'status' in err ? Number(err.status) : 500;
    if (status >= 500) logger.error({ err }, 'request failed');
    if (res.headersSent) return void res.end();
    res.status(status >= 400 && status < 600 ? status : 500);
    res.type('text/plain').send(status >= 500 ? 'Something went wrong on our side. Please try again.' : 'Bad request.');
  };
}
