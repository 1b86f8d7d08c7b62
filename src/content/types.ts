/** The profile's shape and the fixed sets the content picks from (the content's shape is schema.ts). */

export interface Profile {
  name: string; // OWNER_NAME
  email: string; // CONTACT_EMAIL
  phone: string; // CONTACT_PHONE
  linkedinUrl: string; // LINKEDIN_URL
  messengerUrl: string; // MESSENGER_URL (a Telegram profile by default)
  videoUrl: string; // VIDEO_URL
  videoThumbnailUrl: string; // VIDEO_THUMBNAIL_URL
}

/** Icons are drawn on the server; pick one of these names for each service. */
export type ServiceIcon = 'target' | 'users' | 'workflow' | 'graduation-cap' | 'presentation';

export type CountryCode = 'BR' | 'US' | 'RU';
