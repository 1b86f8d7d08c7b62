/**
 * How a page names its other languages for search engines and link previews: reciprocal hreflang links with an
 * x-default (English, at the root), OpenGraph locales, the switcher's links and the sitemap's entries. Nothing here
 * is rendered when the page is offered in English alone, so that page stays exactly what it was.
 */
import { LANGUAGE_AUTONYMS, LANGUAGE_TAGS, pagePath, type SiteLanguage } from '../contract/languages';
import type { Alternate } from './Document';
import type { LanguageLink } from './sections/SiteHeader';

/** OpenGraph's locale of each language: Latin-American Spanish is the Spanish the page is written in. */
export const OG_LOCALES = { en: 'en_US', pt: 'pt_BR', es: 'es_LA' } as const satisfies Record<SiteLanguage, string>;

/** The page of every offered language, then the x-default: the same list on every page. */
export function alternates(publicUrl: string, offered: readonly SiteLanguage[]): Alternate[] {
  return [
    ...offered.map((language) => ({ hreflang: LANGUAGE_TAGS[language], href: `${publicUrl}${pagePath(language)}` })),
    { hreflang: 'x-default', href: `${publicUrl}/` },
  ];
}

export function languageLinks(offered: readonly SiteLanguage[], current: SiteLanguage): LanguageLink[] {
  return offered.map((language) => ({
    href: pagePath(language),
    tag: LANGUAGE_TAGS[language],
    code: language.toUpperCase(),
    name: LANGUAGE_AUTONYMS[language],
    current: language === current,
  }));
}

/** The sitemap: one entry per offered language, each listing all of them and the x-default. */
export function sitemapXml(publicUrl: string, offered: readonly SiteLanguage[], publishedAt: string | null): string {
  const lastmod = publishedAt ? `<lastmod>${publishedAt.slice(0, 10)}</lastmod>` : '';
  if (offered.length === 1)
    return (
      '<?xml version="1.0" encoding="UTF-8"?>\n' +
      '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n' +
      `  <url><loc>${publicUrl}/</loc>${lastmod}</url>\n` +
      '</urlset>\n'
    );
  const links = alternates(publicUrl, offered)
    .map(({ hreflang, href }) => `    <xhtml:link rel="alternate" hreflang="${hreflang}" href="${href}"/>\n`)
    .join('');
  const entries = offered
    .map((language) => `  <url>\n    <loc>${publicUrl}${pagePath(language)}</loc>${lastmod}\n${links}  </url>\n`)
    .join('');
  return (
    '<?xml version="1.0" encoding="UTF-8"?>\n' +
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">\n' +
    entries +
    '</urlset>\n'
  );
}
