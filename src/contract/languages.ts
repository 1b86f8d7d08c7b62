/**
 * The languages the site speaks, as the page, the form, the lead and the tests name them. The content
 * keys its texts by the short code (`pt`); everything a browser, a search engine or the owner reads
 * uses the language tag (`pt-BR`).
 */
export const SITE_LANGUAGES = ['en', 'pt', 'es'] as const;
export type SiteLanguage = (typeof SITE_LANGUAGES)[number];

/** The BCP 47 tag of each language: `<html lang>`, `hreflang`, the lead's stored language, the alerts' `[pt-BR]`. */
export const LANGUAGE_TAGS = { en: 'en', pt: 'pt-BR', es: 'es' } as const satisfies Record<SiteLanguage, string>;
export type LanguageTag = (typeof LANGUAGE_TAGS)[SiteLanguage];

/** Where each language's page is: English at the root, the others under their short code. */
export const pagePath = (language: SiteLanguage): string => (language === 'en' ? '/' : `/${language}/`);

/** The language whose prefix a path starts with (/pt/..., /es/...); undefined for English's unprefixed paths. */
export const languageOfPrefix = (path: string): SiteLanguage | undefined =>
  SITE_LANGUAGES.find((language) => language !== 'en' && path.startsWith(`/${language}/`));

/** The body field in which the form sends its page's language (a tag: `en`, `pt-BR`, `es`). */
export const LANGUAGE_FIELD = 'language';

/**
 * The language of a submitted form: a tag or short code of an offered language (`pt` is read as
 * `pt-BR`, case ignored); anything else (missing, unknown, or a language not offered) is English.
 */
export function leadLanguage(value: unknown, offered: readonly SiteLanguage[]): SiteLanguage {
  if (typeof value !== 'string') return 'en';
  const lower = value.trim().toLowerCase();
  const found = SITE_LANGUAGES.find(
    (language) => language === lower || LANGUAGE_TAGS[language].toLowerCase() === lower,
  );
  return found !== undefined && offered.includes(found) ? found : 'en';
}

/** The language of a stored tag (a lead's), English for anything unknown. */
export const languageOfTag = (tag: string): SiteLanguage =>
  SITE_LANGUAGES.find((language) => LANGUAGE_TAGS[language] === tag) ?? 'en';

/** Each language's name in itself, as the switcher says it. */
export const LANGUAGE_AUTONYMS = { en: 'English', pt: 'Português', es: 'Español' } as const satisfies Record<
  SiteLanguage,
  string
>;

/** Each language's name in English: the owner's inbox, alerts and reports are in English. */
export const LANGUAGE_NAMES = { en: 'English', pt: 'Portuguese', es: 'Spanish' } as const satisfies Record<
  SiteLanguage,
  string
>;

/** A stored tag as the owner reads it: "Portuguese (pt-BR)"; a tag the site does not speak, as it is. */
export function languageLabel(tag: string): string {
  const language = SITE_LANGUAGES.find((l) => LANGUAGE_TAGS[l] === tag);
  return language === undefined ? tag : `${LANGUAGE_NAMES[language]} (${tag})`;
}
