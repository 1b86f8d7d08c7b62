/**
 * What the fixed pages are, by exact URL path: each offered language's home page, robots.txt, the sitemap, the
 * favicon (rendered from the content, served anew when a revision is published) and the built browser files.
 */
import { pagePath, type SiteLanguage } from '../contract/languages';
import type { Assets } from '../pages/assets';
import type { LanguagePages, RenderedSite } from '../pages/site';
import { precompress } from './precompress';
import { HTML, REVALIDATE, type FixedResponse } from './staticPages';

const IMMUTABLE = 'public, max-age=31536000, immutable';
const HOUR = 'public, max-age=3600';

// A language's page kept by a publish (src/pages/site.tsx) keeps its compressed bytes too.
const compressed = new WeakMap<LanguagePages, FixedResponse>();

function pageResponse(language: SiteLanguage, pages: LanguagePages): FixedResponse {
  let response = compressed.get(pages);
  if (!response) {
    response = { body: precompress(pages.home, HTML), cacheControl: REVALIDATE, language };
    compressed.set(pages, response);
  }
  return response;
}

/** The responses rendered from the content: served anew when a revision is published. */
export function pageResponses(site: RenderedSite): Map<string, FixedResponse> {
  const responses = new Map<string, FixedResponse>();
  for (const [language, pages] of site.pages) responses.set(pagePath(language), pageResponse(language, pages));
  responses.set('/robots.txt', { body: precompress(site.robotsTxt, 'text/plain; charset=utf-8'), cacheControl: HOUR });
  responses.set('/sitemap.xml', {
    body: precompress(site.sitemapXml, 'application/xml; charset=utf-8'),
    cacheControl: HOUR,
  });
  responses.set('/favicon.svg', { body: precompress(site.faviconSvg, 'image/svg+xml'), cacheControl: HOUR });
  return responses;
}

/** Every response served from memory: the pages, and the built browser files, compressed once at start-up. */
export function fixedResponses(site: RenderedSite, assets: Assets): Map<string, FixedResponse> {
  const fixed = pageResponses(site);
  for (const [path, file] of assets.files)
    fixed.set(path, { body: precompress(file.body, file.contentType), cacheControl: IMMUTABLE });
  return fixed;
}

/** The language pages of `before` that `after` no longer has (a language that stopped being offered). */
export const languagePagesGone = (before: RenderedSite, after: RenderedSite): string[] =>
  [...before.pages.keys()].filter((language) => !after.pages.has(language)).map(pagePath);
