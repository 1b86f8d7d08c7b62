/**
 * JSON-LD for search engines: the strategist as a Person and the offer as a
 * ProfessionalService. Escaped so no value can close the <script> element.
 */
import type { Profile } from '../content/content';
import type { PageText } from '../content/language';
import { mailtoHref } from './mailto';

export function structuredData(
  { page, footer, hero, services }: PageText,
  profile: Profile,
  publicUrl: string,
): string {
  const person = {
    '@type': 'Person',
    '@id': `${publicUrl}/#person`,
    name: profile.name,
    jobTitle: footer.title,
    email: mailtoHref(profile.email),
    telephone: profile.phone,
    url: `${publicUrl}/`,
    sameAs: [profile.linkedinUrl, profile.messengerUrl],
  };
  const service = {
    '@type': 'ProfessionalService',
    '@id': `${publicUrl}/#service`,
    name: `${profile.name}: ${page.title}`,
    description: page.description,
    url: `${publicUrl}/`,
    email: profile.email,
    telephone: profile.phone,
    founder: { '@id': person['@id'] },
    areaServed: hero.markets,
    hasOfferCatalog: {
      '@type': 'OfferCatalog',
      name: 'Services',
      itemListElement: services.map((s) => ({
        '@type': 'Offer',
        itemOffered: { '@type': 'Service', name: s.title, description: s.description },
      })),
    },
  };
  const json = JSON.stringify({ '@context': 'https://schema.org', '@graph': [person, service] });
  return json.replace(/</g, '\\u003c').replace(/>/g, '\\u003e').replace(/&/g, '\\u0026');
}
