/**
 * Everything the page says, in one place. Edit the texts and lists below and restart the server: no other file
 * needs to change. The strategist's own contact details (name, e-mail, phone, profile links, video) are defaults
 * here and can be overridden by environment variables (see README).
 */
import type { Conference, Profile, Publication, Recognition, Service } from './types';

export type {
  Conference,
  CountryCode,
  Profile,
  Publication,
  Recognition,
  Service,
  ServiceIcon,
} from './types';

export const profile: Profile = {
  name: 'Anna Volkova',
  email: 'hello@annavolkova.com',
  phone: '+1 (415) 555-0142',
  linkedinUrl: 'https://www.linkedin.com/in/annavolkova-gtm',
  messengerUrl: 'https://t.me/annavolkova_gtm',
  videoUrl: 'https://www.youtube.com/watch?v=8fQx2bP1kLw',
  videoThumbnailUrl: 'https://i.ytimg.com/vi/8fQx2bP1kLw/hqdefault.jpg',
};

export const site = {
  title: 'Go-to-Market & Growth Strategist for Tech Startups',
  description:
    'Go-to-market and growth strategy for tech startups scaling into the US, Europe, India and LATAM: ICP, GTM strategy, outreach automation, sales training and fundraising.',
  language: 'en',
};

export const hero = {
  eyebrow: 'Go-to-market & growth strategy',
  headline: 'Take your tech startup international, with a go-to-market plan that sells',
  intro:
    'I help founders find the customers who buy, build the sales engine that reaches them and raise the money to grow, across the US, Europe, India and LATAM.',
  stats: [
    { value: '$5M+', label: 'in B2B sales closed' },
    { value: '19+', label: 'years in sales and growth' },
  ],
  gmvClaim: { value: '$1.5M', label: 'GMV growth delivered since 2020' },
  markets: ['United States', 'Europe', 'India', 'LATAM'],
  linkedinLabel: 'View my LinkedIn profile',
};

export const services: Service[] = [
  {
    title: 'What We Sell',
    description:
      'Pin down your ideal customer profile, sharpen the value propositions that make them buy and put the whole business on one lean canvas.',
    icon: 'target',
  },
  {
    title: 'Who We Sell To',
    description:
      'A go-to-market strategy for each new market: which segments to enter first, how to price and position, and which channels reach the buyers.',
    icon: 'users',
  },
  {
    title: 'How We Sell',
    description:
      'Automated outreach across e-mail, LinkedIn and messengers, with sequences, CRM hygiene and reporting that show what turns into pipeline.',
    icon: 'workflow',
  },
  {
    title: 'Team Building',
    description:
      'Hire, onboard and train your first sales team: playbooks, call scripts, objection handling and a weekly rhythm that keeps deals moving.',
    icon: 'graduation-cap',
  },
  {
    title: 'Fundraising',
    description:
      'A pitch deck and an investor narrative built on traction, market size and unit economics, rehearsed until the story survives tough questions.',
    icon: 'presentation',
  },
];

export const about = {
  heading: 'About Me',
  journey: [
    'I started in enterprise software sales in 2006, selling to banks and telecom operators, and went on to build sales teams for B2B SaaS companies from their first customer to international revenue.',
    'Since 2020 I have worked with founders directly: entering the US, European, Indian and Latin American markets, automating outbound, hiring the first sellers and preparing for seed and Series A rounds. Together with my clients I have closed more than $5M in B2B sales and grown marketplace GMV by $1.5M.',
  ],
  conferencesHeading: 'Speaking',
  recognitionHeading: 'Industry Recognition',
};

export const conferences: Conference[] = [
  {
    name: 'Web Summit',
    location: 'Lisbon, Portugal',
    year: 2022,
    description: 'Workshop: choosing your first international market with data, not hope.',
  },
  {
    name: 'SaaStr Annual',
    location: 'San Mateo, USA',
    year: 2023,
    description: 'Panel on building outbound engines for non-US founders selling into the US.',
  },
  {
    name: 'Web Summit',
    location: 'Lisbon, Portugal',
    year: 2023,
    description: 'Talk: the lean go-to-market canvas for seed-stage B2B startups.',
  },
  {
    name: 'Collision Founders Track',
    location: 'Austin, USA',
    year: 2024,
    description: 'Masterclass on automating outreach without burning your domain or your brand.',
  },
  {
    name: 'Startup Lisboa Demo Week',
    location: 'Lisbon, Portugal',
    year: 2024,
    description: 'Keynote: what investors want to see in an international expansion plan.',
  },
];

export const recognitions: Recognition[] = [
  {
    title: 'Expert',
    subtitle: 'Association of Internet Trade Companies, e-commerce and B2B sales committee',
    year: 2022,
  },
  { title: 'Jury Member', subtitle: 'Effie Awards, marketing effectiveness jury', year: 2023 },
  { title: 'Mentor', subtitle: 'Startup incubator programme for international B2B founders', year: 2024 },
];

export const publicationsSection = {
  heading: 'International Expertise',
  intro: 'Articles and interviews on international sales and growth, published in Brazil, the USA and Russia.',
};

export const publications: Publication[] = [
  {
    title: 'How Brazilian SaaS startups can win their first US enterprise customers',
    url: 'https://www.startse.com/artigos/saas-brasileiro-clientes-eua',
    flag: 'BR',
    countryName: 'Brazil',
    media: 'StartSe',
  },
  {
    title: 'Outbound sales in LATAM: what works after the first ten customers',
    url: 'https://exame.com/negocios/vendas-b2b-latam-outbound',
    flag: 'BR',
    countryName: 'Brazil',
    media: 'Exame',
  },
  {
    title: 'Five go-to-market mistakes foreign founders make in the US',
    url: 'https://www.entrepreneur.com/growing-a-business/go-to-market-mistakes-foreign-founders',
    flag: 'US',
    countryName: 'USA',
    media: 'Entrepreneur',
  },
  {
    title: 'Why your ideal customer profile is the cheapest growth lever you have',
    url: 'https://www.inc.com/ideal-customer-profile-growth-lever',
    flag: 'US',
    countryName: 'USA',
    media: 'Inc.',
  },
  {
    title: 'Scaling a B2B startup abroad: a practical playbook',
    url: 'https://www.forbes.ru/biznes/b2b-startup-international-playbook',
    flag: 'RU',
    countryName: 'Russia',
    media: 'Forbes Russia',
  },
  {
    title: 'Sales automation without losing the personal touch',
    url: 'https://vc.ru/marketing/sales-automation-personal-touch',
    flag: 'RU',
    countryName: 'Russia',
    media: 'vc.ru',
  },
];

export const video = {
  heading: 'Watch My Interview',
  intro: 'A conversation about taking B2B startups into new markets, and what founders get wrong about it.',
  caption: 'Interview: scaling tech startups internationally',
  thumbnailAlt: 'Video thumbnail of the interview on scaling tech startups internationally',
};

export const contact = {
  heading: 'Ready to Scale Your Tech Startup?',
  subline:
    "Let's develop and execute a go-to-market strategy that takes your startup into new markets and grows revenue.",
  formTitle: 'Get Free Setup Call',
  formIntro: 'Leave your details and I will get back to you within 24 hours.',
  panelTitle: 'Get in Touch',
  panelSubtitle: 'Choose your preferred way to connect',
  messengerLabel: 'Message me on Telegram',
  networkLabel: 'Connect on LinkedIn',
};

export const footer = {
  year: 2024,
  title: 'Go-to-Market & Growth Strategist for Tech Startups',
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

/**
 * The line under the form: what the details are used for, how long they are kept (LEAD_RETENTION_DAYS,
 * or until the visitor asks) and whom to ask to see or delete them (CONTACT_EMAIL).
 */
export function privacyNote(contactEmail: string, retentionDays: number | null): string {
  const kept = retentionDays === null ? 'kept until you ask me to delete them' : `deleted after ${retentionDays} days`;
  return `I use your details only to reply about your call; they are ${kept}. To see or delete them, write to ${contactEmail}.`;
}
