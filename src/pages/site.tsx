/**
 * Renders every page once, from the content it is given, in every language it is offered in: each response
 * afterwards is a copy of bytes already in memory.
 */
import { renderToString } from 'react-dom/server';
import type { Profile } from '../content/content';
import { completeLanguages } from '../content/completeness';
import { inLanguage } from '../content/language';
import type { Content } from '../content/schema';
import type { ImageSets } from '../contract/images';
import { LANGUAGE_TAGS, pagePath, type SiteLanguage } from '../contract/languages';
import { siteStrings } from '../strings';
import { alternates, languageLinks, OG_LOCALES, sitemapXml } from './alternates';
import { assetUrl, type Assets } from './assets';
import { Document } from './Document';
import { HomePage } from './HomePage';
import { NotFoundPage } from './NotFoundPage';
import { PageStrings } from './pageStrings';
import { PreviewBanner, type PreviewNote } from './PreviewBanner';
import { structuredData } from './structuredData';
import { faviconSvg } from './favicon';

export type RenderedSite = ReturnType<typeof renderSite>;

export function renderHtml(element: React.ReactElement): string {
  return `<!DOCTYPE html>${renderToString(element)}`;
}

export interface SiteOptions {
  /** The page's words (the published revision). */
  content: Content;
  /** SITE_LANGUAGES: the languages the page may be offered in; each is offered once every text has it. */
  languages?: readonly SiteLanguage[];
  /** LEAD_RETENTION_DAYS, for the line under the form (null: kept until erased). */
  leadRetentionDays?: number | null;
  /** False when leads are not graded by a proof of work: the form then solves no challenges. */
  proofOfWork?: boolean;
  /** The stored files of the images the content names (its photo, its video thumbnail), by id. */
  images?: ImageSets;
  /** When the content was published: the sitemap's lastmod (a day, as search engines read it). */
  publishedAt?: string | null;
  /** A preview of the draft for the owner: the bar saying so, over the very page visitors would get. */
  preview?: PreviewNote;
  /** The pages served until now: a language whose page would come out the same keeps them as they are. */
  previous?: { pages: ReadonlyMap<SiteLanguage, LanguagePages> };
}

/** One language's pages, and what they were rendered from. */
export interface LanguagePages {
  home: string;
  notFound: string;
  /** Everything the pages depend on, as JSON: equal inputs, equal pages. */
  inputs: string;
}

/** The languages of `languages` the content is offered in: never a page that mixes languages, so only complete ones. */
export function offeredLanguages(content: Content, languages: readonly SiteLanguage[]): SiteLanguage[] {
  const complete = completeLanguages(content);
  return languages.filter((language) => complete.includes(language));
}

/** `publicUrl`: the site's canonical origin, without a trailing slash. */
export function renderSite(profile: Profile, publicUrl: string, assets: Assets, options: SiteOptions) {
  const { content, languages = ['en'], publishedAt = null } = options;
  const offered = offeredLanguages(content, languages);
  // A publish usually changes one language: the others keep their pages (and, in src/http, their compressed bytes),
  // which roughly thirds what a publish renders, compresses and leaves for the garbage collector.
  const pages = new Map<SiteLanguage, LanguagePages>(
    offered.map((language) => {
      const inputs = inputsOf(options, language, offered);
      const kept = options.previous?.pages.get(language);
      return [
        language,
        kept?.inputs === inputs ? kept : renderLanguage(profile, publicUrl, assets, options, language, offered, inputs),
      ];
    }),
  );
  const english = pages.get('en') ?? renderLanguage(profile, publicUrl, assets, options, 'en', ['en'], '');
  return {
    /** The English page, at `/`. */
    home: english.home,
    notFound: english.notFound,
    /** Every offered language's pages, English included; English first. */
    pages,
    robotsTxt: `User-agent: *\nDisallow: /owner\nAllow: /\n\nSitemap: ${publicUrl}/sitemap.xml\n`,
    sitemapXml: sitemapXml(publicUrl, offered.length === 0 ? ['en'] : offered, publishedAt),
    faviconSvg,
  };
}

/** What one language's pages are made of besides the profile, the origin and the built files (fixed for a process). */
function inputsOf(
  { content, leadRetentionDays = null, proofOfWork = true, images, preview }: SiteOptions,
  language: SiteLanguage,
  offered: readonly SiteLanguage[],
): string {
  return JSON.stringify([inLanguage(content, language), offered, leadRetentionDays, proofOfWork, images, preview]);
}

function renderLanguage(
  profile: Profile,
  publicUrl: string,
  assets: Assets,
  { content, leadRetentionDays = null, proofOfWork = true, images, preview }: SiteOptions,
  language: SiteLanguage,
  offered: readonly SiteLanguage[],
  inputs: string,
): LanguagePages {
  const text = inLanguage(content, language);
  const say = siteStrings(language);
  const tag = LANGUAGE_TAGS[language];
  const title = `${profile.name} | ${text.page.title}`;
  const stylesheet = assetUrl(assets, 'site.css');
  // Optional, unlike the other entries: a build without the worker renders a form that simply sends no proof of
  // work (its leads are unverified, never refused). Without grading, visitors' browsers are spared the work.
  const proofWorkerUrl = proofOfWork ? assets.urls['proof-worker.js'] : undefined;
  // With English alone, none of the other languages' links: the page is what it was before there were any.
  const multilingual = offered.length > 1;
  const languageParts = multilingual
    ? {
        language: tag,
        alternates: alternates(publicUrl, offered),
        ogLocale: OG_LOCALES[language],
        ogLocaleAlternates: offered.filter((other) => other !== language).map((other) => OG_LOCALES[other]),
        skipLink: say.skipLink,
      }
    : {};
  const days = leadRetentionDays === null ? null : new Intl.NumberFormat(tag).format(leadRetentionDays);
  const url = `${publicUrl}${pagePath(language)}`;

  const home = renderHtml(
    <PageStrings.Provider value={say}>
      <Document
        title={title}
        description={text.page.description}
        canonicalUrl={url}
        stylesheet={stylesheet}
        // Only the tiny island loader runs up front; it fetches the form bundle when the form comes near.
        scripts={[assetUrl(assets, 'island-loader.js')]}
        structuredData={structuredData(text, profile, publicUrl, multilingual ? language : undefined)}
        longPage
        siteName={profile.name}
        {...languageParts}
      >
        {preview && <PreviewBanner {...preview} />}
        <HomePage
          text={text}
          language={language}
          languages={multilingual ? languageLinks(offered, language) : undefined}
          profile={profile}
          proofWorkerUrl={proofWorkerUrl}
          privacyNote={say.privacyNote(profile.email, days)}
          images={images}
        />
      </Document>
    </PageStrings.Provider>,
  );

  const notFound = renderHtml(
    <PageStrings.Provider value={say}>
      <Document
        title={`${say.notFoundTitle} | ${profile.name}`}
        description={text.page.description}
        stylesheet={stylesheet}
        scripts={[assetUrl(assets, 'not-found.js')]}
        noIndex
        siteName={profile.name}
        {...(multilingual ? { language: tag, ogLocale: OG_LOCALES[language], skipLink: say.skipLink } : {})}
      >
        <NotFoundPage homeHref={pagePath(language)} />
      </Document>
    </PageStrings.Provider>,
  );
  return { home, notFound, inputs };
}
