/**
 * The pages and files a visitor's browser asks for, all served from memory:
 * the home page, robots.txt, sitemap.xml, the favicon and the hashed assets,
 * each with its caching policy. They are answered by the fast path
 * (fastPages.ts) in front of the Express stack (frontDoor.ts); everything
 * else goes through the stack and, in the end, to the not-found handler.
 */
import type { Express, Request, Response } from 'express';
import type { Config } from '../config';
import type { Logger } from '../logger';
import type { Assets } from '../pages/assets';
import type { RenderedSite } from '../pages/site';
import { fastPages, type FixedResponse } from './fastPages';
import { inFrontOfExpress } from './frontDoor';
import { precompress, sendPrecompressed } from './precompressed';
import { securityHeaderList } from './securityHeaders';

const HTML = 'text/html; charset=utf-8';
const REVALIDATE = 'no-cache';
const IMMUTABLE = 'public, max-age=31536000, immutable';
const HOUR = 'public, max-age=3600';

/** Every fixed response by its exact URL path. Nothing outside this map is served from here. */
export function fixedResponses(site: RenderedSite, assets: Assets): Map<string, FixedResponse> {
  const fixed = new Map<string, FixedResponse>([
    ['/', { response: precompress(site.home, HTML), cacheControl: REVALIDATE }],
    ['/robots.txt', { response: precompress(site.robotsTxt, 'text/plain; charset=utf-8'), cacheControl: HOUR }],
    ['/sitemap.xml', { response: precompress(site.sitemapXml, 'application/xml; charset=utf-8'), cacheControl: HOUR }],
    ['/favicon.svg', { response: precompress(site.faviconSvg, 'image/svg+xml'), cacheControl: HOUR }],
  ]);
  for (const [path, file] of assets.files) fixed.set(path, { response: precompress(file.body, file.contentType), cacheControl: IMMUTABLE });
  return fixed;
}

/** Serves the fixed responses ahead of the app's middleware stack. */
export function pageRoutes(app: Express, site: RenderedSite, assets: Assets, config: Config, logger: Logger): void {
  inFrontOfExpress(app, fastPages(fixedResponses(site, assets), securityHeaderList(config), logger), logger);
}

export function notFoundHandler(site: RenderedSite, log: (path: string) => void) {
  const page = precompress(site.notFound, HTML);
  return (req: Request, res: Response) => {
    log(req.originalUrl);
    sendPrecompressed(req, res, page, { status: 404, cacheControl: REVALIDATE });
  };
}
