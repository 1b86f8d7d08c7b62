/**
 * Everything no route answered: a language's bare prefix is redirected to its page (`/pt` to `/pt/`, `/en/` to
 * `/`), and any other path gets the not-found page in the language of its prefix when that language is offered
 * (`/pt/nada` in Portuguese), in English otherwise (`/fr/...`, or `/pt/...` while Portuguese is not offered).
 */
import type { RequestHandler } from 'express';
import { languageOfPrefix, pagePath, SITE_LANGUAGES, type SiteLanguage } from '../contract/languages';
import type { Logger } from '../lib/logger';
import type { LanguagePages, RenderedSite } from '../pages/site';
import { precompress } from './precompress';
import { HTML, type Prepared, prepare, REVALIDATE, writePrepared } from './staticPages';

/** The page a bare prefix stands for, when that language is offered. */
function redirectOf(path: string, offered: ReadonlySet<SiteLanguage>): string | undefined {
  if (offered.size < 2) return undefined;
  if (path === '/en' || path === '/en/') return '/';
  const language = SITE_LANGUAGES.find((code) => path === `/${code}`);
  return language !== undefined && language !== 'en' && offered.has(language) ? pagePath(language) : undefined;
}

function languageOfPath(path: string, offered: ReadonlySet<SiteLanguage>): SiteLanguage {
  const language = languageOfPrefix(path);
  return language !== undefined && offered.has(language) ? language : 'en';
}

export function notFoundRoute(
  pages: RenderedSite,
  logger: Logger,
): { handler: RequestHandler; show(pages: RenderedSite): void } {
  let prepared = new Map<SiteLanguage, Prepared>();
  // A language's pages kept by a publish keep their prepared 404 too.
  const made = new WeakMap<LanguagePages, Prepared>();
  const preparedOf = (pages: LanguagePages) => {
    const known = made.get(pages);
    if (known) return known;
    const page = prepare({ body: precompress(pages.notFound, HTML), cacheControl: REVALIDATE });
    made.set(pages, page);
    return page;
  };
  let english: Prepared;
  const show = (rendered: RenderedSite) => {
    prepared = new Map([...rendered.pages].map(([language, pages]) => [language, preparedOf(pages)]));
    english = prepared.get('en') ?? prepare({ body: precompress(rendered.notFound, HTML), cacheControl: REVALIDATE });
  };
  show(pages);
  return {
    handler: (req, res) => {
      const offered = new Set(prepared.keys());
      const target = req.method === 'GET' || req.method === 'HEAD' ? redirectOf(req.path, offered) : undefined;
      if (target !== undefined) {
        // The query goes along: a campaign link to /pt?utm_source=... keeps its source.
        const query = req.originalUrl.indexOf('?');
        res.redirect(301, query === -1 ? target : target + req.originalUrl.slice(query));
        return;
      }
      // The path only: a query string may carry what no log should keep (tokens, addresses).
      logger.info({ path: req.path.slice(0, 200) }, 'page not found');
      writePrepared(req, res, prepared.get(languageOfPath(req.path, offered)) ?? english, 404);
    },
    show,
  };
}
