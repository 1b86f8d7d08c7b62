/**
 * The strategist's contact details as shipped (each overridden by its environment variable, see README) and the
 * texts written around them: the auto-reply. The page's own words are content
 * (schema.ts, defaults.ts).
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
 * The one e-mail a verified lead receives when LEAD_AUTO_REPLY=true. Fixed text: of what the
 * visitor typed it repeats only their name (escaped where it is HTML).
 */
export function autoReply(profile: Profile) {
  return {
    subject: `Your free setup call with ${profile.name}`,
    // Nothing the visitor typed: anyone who solves the proof of work can name any address, so a
    // typed name would let them put their own words into a mail from the owner's domain.
    greeting: 'Hello,',
    paragraphs: [
      "Thank you for your interest! I'll get back to you within 24 hours to schedule your free setup call.",
      `If you would like to reach me sooner, write to ${profile.email}, call ${profile.phone}, or message me on Telegram (${profile.messengerUrl}) or LinkedIn (${profile.linkedinUrl}).`,
    ],
    signOff: ['Best regards,', profile.name],
    footer:
      'You receive this one e-mail because this address was entered in the contact form of my website. If that was not you, please ignore it.',
  };
}
