/** The shapes of the page's content (src/content/content.ts holds the content itself). */

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

export interface Service {
  title: string;
  description: string;
  icon: ServiceIcon;
}

export interface Conference {
  name: string;
  location: string;
  year: number;
  description: string;
}

export interface Recognition {
  title: string;
  subtitle: string;
  year: number;
}

export type CountryCode = 'BR' | 'US' | 'RU';

export interface Publication {
  title: string;
  url: string;
  flag: CountryCode;
  countryName: string;
  media: string;
}
