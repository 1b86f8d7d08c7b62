/**
 * The strategist's contact details as shipped (each overridden by its environment variable, see README) and the
 * texts written around them. The page's own words are content (schema.ts, defaults.ts); the product's own words
 * (the auto-reply, the line under the form) are in each language in src/strings.
 */
import type { Profile } from './types';

export type { CountryCode, Profile, ServiceIcon } from './types';

export const profile: Profile = {
  name: 'Anna Volkova',
  email: 'hello@annavolkova.com',
  phone: '+1 (415) 555-0142',
  linkedinUrl: 'https://www.linkedin.com/in/annavolkova-gtm',
  messengerUrl: 'https://t.me/annavolkova_gtm',
  videoUrl: 'https://www.youtube.com/watch?v=8fQx2bP1kLw',
  videoThumbnailUrl: 'https://i.ytimg.com/vi/8fQx2bP1kLw/hqdefault.jpg',
};
