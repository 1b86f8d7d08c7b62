/**
 * The strategist's contact details as shipped (each overridden by its environment variable, see README) and the
 * line under the form. The page's own words are content (schema.ts, defaults.ts); the auto-reply's are the
 * product's, in each language (src/strings).
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

/**
 * The line under the form: what the details are used for, how long they are kept (LEAD_RETENTION_DAYS,
 * or until the visitor asks) and whom to ask to see or delete them (CONTACT_EMAIL).
 */
export function privacyNote(contactEmail: string, retentionDays: number | null): string {
  const kept = retentionDays === null ? 'kept until you ask me to delete them' : `deleted after ${retentionDays} days`;
  return `I use your details only to reply about your call; they are ${kept}. To see or delete them, write to ${contactEmail}.`;
}
