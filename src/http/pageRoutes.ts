/**
 * The pages and files a visitor's browser asks for, all served from memory:
 * the home page, robots.txt, sitemap.xml, the favicon and the hashed assets.
 * Everything else falls through to the not-found handler.
 */
import { Router } from 'express';
import type { Assets } from '../pages/assets';
import type { RenderedSite } from '../pages/site';
import { precompress, sendPrecompressed, type Precompressed } from './precompressed';

const HTML = 'text/html; charset=utf-8';
const REVALIDATE = 'no-cache';
const IMMUTABLE = 'public, max-age=31536000, immutable';

export function pageRoutes(site: RenderedSite, assets: Assets): Router {
  const router = Router();
  const fixed = new Map<string, Precompressed>([
    ['/', precompress(site.home, HTML)],
    ['/robots.txt', precompress(site.robotsTxt, 'text/plain; charset=utf-8')],
    ['/sitemap.xml', precompress(site.sitemapXml, 'application/xml; charset=utf-8')],
    ['/favicon.svg', precompress(site.faviconSvg, 'image/svg+xml')],
  ]);
  const assetFiles = new Map<string, Precompressed>();
  for (const [path, file] of assets.files) assetFiles.set(path, precompress(file.body, file.contentType));

  router.get('/{*path}', (req, res, next) => {
    const page = fixed.get(req.path);
    if (page) return sendPrecompressed(req, res, page, { cacheControl: req.path === '/' ? REVALIDATE : 'public, max-age=3600' });
    // Exact lookups only: no path from the request ever reaches the file system.
    const asset = assetFiles.get(req.path);
    if (asset) return sendPrecompressed(req, res, asset, { cacheControl: IMMUTABLE });
    next();
  });
  return router;
}

export function notFoundHandler(site: RenderedSite, log: (path: string) => void) {
  const page = precompress(site.notFound, HTML);
  return (req: import('express').Request, res: import('express').Response) => {
    log(req.originalUrl);
    sendPrecompressed(req, res, page, { status: 404, cacheControl: REVALIDATE });
  };
}
