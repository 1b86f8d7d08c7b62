/**
 * Renders every page once, from the content it is given: each response afterwards is a copy of bytes already in
 * memory.
 */
import { renderToString } from 'react-dom/server';
import { privacyNote, type Profile } from '../content/content';
import { inLanguage } from '../content/language';
import type { Content } from '../content/schema';
import type { ImageSets } from '../contract/images';
import { assetUrl, type Assets } from './assets';
import { Document } from './Document';
import { HomePage } from './HomePage';
import { NotFoundPage } from './NotFoundPage';
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
}

/** `publicUrl`: the site's canonical origin, without a trailing slash. */
export function renderSite(
  profile: Profile,
  publicUrl: string,
  assets: Assets,
  { content, leadRetentionDays = null, proofOfWork = true, images, publishedAt = null, preview }: SiteOptions,
) {
  const text = inLanguage(content);
  const site = text.page;
  const title = `${profile.name} | ${site.title}`;
  const stylesheet = assetUrl(assets, 'site.css');
  // Optional, unlike the other entries: a build without the worker renders a form that simply sends no proof of
  // work (its leads are unverified, never refused). Without grading, visitors' browsers are spared the work.
  const proofWorkerUrl = proofOfWork ? assets.urls['proof-worker.js'] : undefined;

  const home = renderHtml(
    <Document
      title={title}
      description={site.description}
      canonicalUrl={`${publicUrl}/`}
      stylesheet={stylesheet}
      // Only the tiny island loader runs up front; it fetches the form bundle when the form comes near.
      scripts={[assetUrl(assets, 'island-loader.js')]}
      structuredData={structuredData(text, profile, publicUrl)}
      longPage
      siteName={profile.name}
    >
      {preview && <PreviewBanner {...preview} />}
      <HomePage
        text={text}
        profile={profile}
        proofWorkerUrl={proofWorkerUrl}
        privacyNote={privacyNote(profile.email, leadRetentionDays)}
        images={images}
      />
    </Document>,
  );

  const notFound = renderHtml(
    <Document
      title={`Page not found | ${profile.name}`}
      description={site.description}
      stylesheet={stylesheet}
      scripts={[assetUrl(assets, 'not-found.js')]}
      noIndex
      siteName={profile.name}
    >
      <NotFoundPage />
    </Document>,
  );

  return {
    home,
    notFound,
    robotsTxt: `User-agent: *\nDisallow: /owner\nAllow: /\n\nSitemap: ${publicUrl}/sitemap.xml\n`,
    sitemapXml:
      '<?xml version="1.0" encoding="UTF-8"?>\n' +
      '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n' +
      `  <url><loc>${publicUrl}/</loc>${publishedAt ? `<lastmod>${publishedAt.slice(0, 10)}</lastmod>` : ''}</url>\n` +
      '</urlset>\n',
    faviconSvg,
  };
}
