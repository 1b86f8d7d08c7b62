/**
 * The HTML shell shared by every page: metadata for search engines and link
 * previews, the hashed stylesheet and the page's external scripts. There are
 * no inline scripts or styles, so the Content-Security-Policy can forbid both.
 */
import type { ReactNode } from 'react';

export interface DocumentProps {
  title: string;
  description: string;
  /** Absolute canonical URL; omitted on pages that must not be indexed. */
  canonicalUrl?: string;
  stylesheet: string;
  /** Stylesheets after the first (the owner's pages add their own). */
  extraStylesheets?: string[];
  scripts: string[];
  /** JSON-LD text: a data block, not executed, so the CSP does not cover it. */
  structuredData?: string;
  noIndex?: boolean;
  /** A page always taller than the window (the home page): its scrollbar's gutter is reserved from the first frame. */
  longPage?: boolean;
  siteName: string;
  /** The page's language tag (`<html lang>`); default English. */
  language?: string;
  /** The same page in every offered language, x-default included: reciprocal hreflang links. */
  alternates?: Alternate[];
  /** OpenGraph's locale of the page (en_US, pt_BR, es_LA) and of its other languages. */
  ogLocale?: string;
  ogLocaleAlternates?: string[];
  /** The skip link's text, in the page's language. */
  skipLink?: string;
  children: ReactNode;
}

export interface Alternate {
  hreflang: string;
  href: string;
}

export function Document({ title, description, canonicalUrl, structuredData, ...props }: DocumentProps) {
  return (
    <html lang={props.language ?? 'en'}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <title>{title}</title>
        <meta name="description" content={description} />
        {props.noIndex && <meta name="robots" content="noindex" />}
        {canonicalUrl && <link rel="canonical" href={canonicalUrl} />}
        {props.alternates?.map(({ hreflang, href }) => (
          <link key={hreflang} rel="alternate" hrefLang={hreflang} href={href} />
        ))}
        <meta name="theme-color" content="#0b1f3a" />
        <link rel="icon" href="/favicon.svg" type="image/svg+xml" />
        <link rel="stylesheet" href={props.stylesheet} />
        {props.extraStylesheets?.map((href) => (
          <link key={href} rel="stylesheet" href={href} />
        ))}
        <meta property="og:type" content="website" />
        <meta property="og:site_name" content={props.siteName} />
        <meta property="og:title" content={title} />
        <meta property="og:description" content={description} />
        {canonicalUrl && <meta property="og:url" content={canonicalUrl} />}
        <meta property="og:locale" content={props.ogLocale ?? 'en_US'} />
        {props.ogLocaleAlternates?.map((locale) => (
          <meta key={locale} property="og:locale:alternate" content={locale} />
        ))}
        <meta name="twitter:card" content="summary" />
        <meta name="twitter:title" content={title} />
        <meta name="twitter:description" content={description} />
        {structuredData && (
          // biome-ignore lint/security/noDangerouslySetInnerHtml: JSON-LD must be raw script text; structuredData.ts escapes <, > and &
          <script type="application/ld+json" dangerouslySetInnerHTML={{ __html: structuredData }} />
        )}
        {props.scripts.map((src) => (
          <script key={src} type="module" src={src} />
        ))}
      </head>
      <body className={props.longPage ? 'long-page' : undefined}>
        <a className="skip-link" href="#main">
          {props.skipLink ?? 'Skip to main content'}
        </a>
        {props.children}
      </body>
    </html>
  );
}
