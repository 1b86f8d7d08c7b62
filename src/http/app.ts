/**
 * The Express application: security headers, request log, the pages, and a
 * not-found page for everything else. Everything it needs is passed in, so
 * tests build it with real local stand-ins.
 */
import express, { type ErrorRequestHandler, type Express } from 'express';
import type { Config } from '../config';
import type { Logger } from '../logger';
import type { LeadCapture } from '../leads/leadCapture';
import { healthRoute } from '../leads/healthRoute';
import { leadRoutes } from '../leads/leadRoutes';
import type { Assets } from '../pages/assets';
import { createLeadResultPage } from '../pages/leadResultPage';
import type { RenderedSite } from '../pages/site';
import { notFoundHandler, pageRoutes } from './pageRoutes';
import { requestLog } from './requestLog';
import { securityHeaders } from './securityHeaders';

export interface AppDeps {
  config: Config;
  logger: Logger;
  site: RenderedSite;
  assets: Assets;
  /** The database, its store and the alert dispatcher behind the lead endpoint and /healthz. */
  leads: LeadCapture;
}

export function createApp({ config, logger, site, assets, leads }: AppDeps): Express {
  const app = express();
  app.disable('x-powered-by');
  app.set('etag', false); // pages carry their own precomputed ETags
  app.set('trust proxy', config.trustProxy);

  // First, ahead of the stack: the fixed pages and assets, answered whole from start-up data (fastPages.ts).
  pageRoutes(app, site, assets, config, logger);
  app.use(requestLog(logger));
  app.use(securityHeaders(config));
  app.get('/healthz', healthRoute(leads.store));
  app.use(leadRoutes({ config, logger, capture: leads, resultPage: createLeadResultPage(config, assets) }));
  app.use(notFoundHandler(site, (path) => logger.info({ path: path.slice(0, 200) }, 'page not found')));
  app.use(errorHandler(logger));
  return app;
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
