/**
 * JSON-LD for search engines: the strategist as a Person and the offer as a
 * ProfessionalService. Escaped so no value can close the <script> element.
 */
import type { OwnerDetails } from '../content/content';
import { footer, hero, services, site } from '../content/content';

export function structuredData(owner: OwnerDetails, publicUrl: string): string {
  const person = {
    '@type': 'Person',
    '@id': `${publicUrl}/#person`,
    name: owner.name,
    jobTitle: footer.title,
    email: `mailto:${owner.email}`,
    telephone: owner.phone,
    url: `${publicUrl}/`,
    sameAs: [owner.linkedinUrl, owner.messengerUrl],
  };
  const service = {
    '@type': 'ProfessionalService',
    '@id': `${publicUrl}/#service`,
    name: `${owner.name}: ${site.title}`,
    description: site.description,
    url: `${publicUrl}/`,
    email: owner.email,
    telephone: owner.phone,
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
