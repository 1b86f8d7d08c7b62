/**
 * JSON-LD for search engines: the strategist as a Person and the offer as a
 * ProfessionalService. Escaped so no value can close the <script> element.
 */
import type { Profile } from '../content/content';
import type { PageText } from '../content/language';
import { LANGUAGE_TAGS, pagePath, type SiteLanguage } from '../contract/languages';
import { siteStrings } from '../strings';
import { mailtoHref } from './mailto';

/** `language`: the page's, when the site has more than one (the data then names it); absent, English alone. */
export function structuredData(
  { page, footer, hero, services }: PageText,
  profile: Profile,
  publicUrl: string,
  language?: SiteLanguage,
): string {
  const url = `${publicUrl}${pagePath(language ?? 'en')}`;
  const person = {
    '@type': 'Person',
    '@id': `${publicUrl}/#person`,
    name: profile.name,
    jobTitle: footer.title,
    email: mailtoHref(profile.email),
    telephone: profile.phone,
    url,
    sameAs: [profile.linkedinUrl, profile.messengerUrl],
  };
  const service = {
    '@type': 'ProfessionalService',
    '@id': `${publicUrl}/#service`,
    name: `${profile.name}: ${page.title}`,
    description: page.description,
    url,
    email: profile.email,
    telephone: profile.phone,
    founder: { '@id': person['@id'] },
    areaServed: hero.markets,
    hasOfferCatalog: {
      '@type': 'OfferCatalog',
      name: siteStrings(language ?? 'en').navServices,
      itemListElement: services.map((s) => ({
        '@type': 'Offer',
        itemOffered: { '@type': 'Service', name: s.title, description: s.description },
      })),
    },
  };
  // The page itself, in its language: what tells a search engine which language the names above are in.
  const webPage = language && {
    '@type': 'WebPage',
    '@id': `${url}#page`,
    url,
    name: `${profile.name} | ${page.title}`,
    inLanguage: LANGUAGE_TAGS[language],
    about: { '@id': person['@id'] },
  };
  const graph = webPage ? [person, service, webPage] : [person, service];
  const json = JSON.stringify({ '@context': 'https://schema.org', '@graph': graph });
  return json.replace(/</g, '\\u003c').replace(/>/g, '\\u003e').replace(/&/g, '\\u0026');
}
