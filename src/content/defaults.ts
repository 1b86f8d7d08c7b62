/**
 * The content the site ships with, in the schema's shape: the first start of a database publishes
 * it as revision 1. Its English is today's page word for word (content.ts, and the texts the
 * sections wrote themselves: the labels above the headings, the services' heading and intro).
 */
import type { Content } from './schema';

export const shippedContent: Content = {
  page: {
    title: { en: 'Go-to-Market & Growth Strategist for Tech Startups' },
    description: {
      en: 'Go-to-market and growth strategy for tech startups scaling into the US, Europe, India and LATAM: ICP, GTM strategy, outreach automation, sales training and fundraising.',
    },
  },
  hero: {
    eyebrow: { en: 'Go-to-market & growth strategy' },
    headline: { en: 'Take your tech startup international, with a go-to-market plan that sells' },
    intro: {
      en: 'I help founders find the customers who buy, build the sales engine that reaches them and raise the money to grow, across the US, Europe, India and LATAM.',
    },
    stats: [
      { value: { en: '$5M+' }, label: { en: 'in B2B sales closed' } },
      { value: { en: '19+' }, label: { en: 'years in sales and growth' } },
    ],
    gmvClaim: { value: { en: '$1.5M' }, label: { en: 'GMV growth delivered since 2020' } },
    markets: [{ en: 'United States' }, { en: 'Europe' }, { en: 'India' }, { en: 'LATAM' }],
    linkedinLabel: { en: 'View my LinkedIn profile' },
    photo: null,
  },
  servicesSection: {
    eyebrow: { en: 'Services' },
    heading: { en: 'How I Can Help' },
    intro: {
      en: 'From the first sketch of your ideal customer to a trained sales team and a funded plan: pick the part you need, or all of it.',
    },
  },
  services: [
    {
      title: { en: 'What We Sell' },
      description: {
        en: 'Pin down your ideal customer profile, sharpen the value propositions that make them buy and put the whole business on one lean canvas.',
      },
      icon: 'target',
    },
    {
      title: { en: 'Who We Sell To' },
      description: {
        en: 'A go-to-market strategy for each new market: which segments to enter first, how to price and position, and which channels reach the buyers.',
      },
      icon: 'users',
    },
    {
      title: { en: 'How We Sell' },
      description: {
        en: 'Automated outreach across e-mail, LinkedIn and messengers, with sequences, CRM hygiene and reporting that show what turns into pipeline.',
      },
      icon: 'workflow',
    },
    {
      title: { en: 'Team Building' },
      description: {
        en: 'Hire, onboard and train your first sales team: playbooks, call scripts, objection handling and a weekly rhythm that keeps deals moving.',
      },
      icon: 'graduation-cap',
    },
    {
      title: { en: 'Fundraising' },
      description: {
        en: 'A pitch deck and an investor narrative built on traction, market size and unit economics, rehearsed until the story survives tough questions.',
      },
      icon: 'presentation',
    },
  ],
  about: {
    eyebrow: { en: 'About' },
    heading: { en: 'About Me' },
    journey: [
      {
        en: 'I started in enterprise software sales in 2006, selling to banks and telecom operators, and went on to build sales teams for B2B SaaS companies from their first customer to international revenue.',
      },
      {
        en: 'Since 2020 I have worked with founders directly: entering the US, European, Indian and Latin American markets, automating outbound, hiring the first sellers and preparing for seed and Series A rounds. Together with my clients I have closed more than $5M in B2B sales and grown marketplace GMV by $1.5M.',
      },
    ],
    conferencesHeading: { en: 'Speaking' },
    recognitionHeading: { en: 'Industry Recognition' },
  },
  conferences: [
    {
      name: { en: 'Web Summit' },
      location: { en: 'Lisbon, Portugal' },
      year: 2022,
      description: { en: 'Workshop: choosing your first international market with data, not hope.' },
    },
    {
      name: { en: 'SaaStr Annual' },
      location: { en: 'San Mateo, USA' },
      year: 2023,
      description: { en: 'Panel on building outbound engines for non-US founders selling into the US.' },
    },
    {
      name: { en: 'Web Summit' },
      location: { en: 'Lisbon, Portugal' },
      year: 2023,
      description: { en: 'Talk: the lean go-to-market canvas for seed-stage B2B startups.' },
    },
    {
      name: { en: 'Collision Founders Track' },
      location: { en: 'Austin, USA' },
      year: 2024,
      description: { en: 'Masterclass on automating outreach without burning your domain or your brand.' },
    },
    {
      name: { en: 'Startup Lisboa Demo Week' },
      location: { en: 'Lisbon, Portugal' },
      year: 2024,
      description: { en: 'Keynote: what investors want to see in an international expansion plan.' },
    },
  ],
  recognitions: [
    {
      title: { en: 'Expert' },
      subtitle: { en: 'Association of Internet Trade Companies, e-commerce and B2B sales committee' },
      year: 2022,
    },
    { title: { en: 'Jury Member' }, subtitle: { en: 'Effie Awards, marketing effectiveness jury' }, year: 2023 },
    {
      title: { en: 'Mentor' },
      subtitle: { en: 'Startup incubator programme for international B2B founders' },
      year: 2024,
    },
  ],
  publicationsSection: {
    eyebrow: { en: 'Publications' },
    heading: { en: 'International Expertise' },
    intro: {
      en: 'Articles and interviews on international sales and growth, published in Brazil, the USA and Russia.',
    },
  },
  publications: [
    {
      title: { en: 'How Brazilian SaaS startups can win their first US enterprise customers' },
      url: 'https://www.startse.com/artigos/saas-brasileiro-clientes-eua',
      country: 'BR',
      media: { en: 'StartSe' },
    },
    {
      title: { en: 'Outbound sales in LATAM: what works after the first ten customers' },
      url: 'https://exame.com/negocios/vendas-b2b-latam-outbound',
      country: 'BR',
      media: { en: 'Exame' },
    },
    {
      title: { en: 'Five go-to-market mistakes foreign founders make in the US' },
      url: 'https://www.entrepreneur.com/growing-a-business/go-to-market-mistakes-foreign-founders',
      country: 'US',
      media: { en: 'Entrepreneur' },
    },
    {
      title: { en: 'Why your ideal customer profile is the cheapest growth lever you have' },
      url: 'https://www.inc.com/ideal-customer-profile-growth-lever',
      country: 'US',
      media: { en: 'Inc.' },
    },
    {
      title: { en: 'Scaling a B2B startup abroad: a practical playbook' },
      url: 'https://www.forbes.ru/biznes/b2b-startup-international-playbook',
      country: 'RU',
      media: { en: 'Forbes Russia' },
    },
    {
      title: { en: 'Sales automation without losing the personal touch' },
      url: 'https://vc.ru/marketing/sales-automation-personal-touch',
      country: 'RU',
      media: { en: 'vc.ru' },
    },
  ],
  video: {
    eyebrow: { en: 'Interview' },
    heading: { en: 'Watch My Interview' },
    intro: {
      en: 'A conversation about taking B2B startups into new markets, and what founders get wrong about it.',
    },
    caption: { en: 'Interview: scaling tech startups internationally' },
    thumbnailAlt: { en: 'Video thumbnail of the interview on scaling tech startups internationally' },
    thumbnail: null,
  },
  contact: {
    eyebrow: { en: 'Contact' },
    heading: { en: 'Ready to Scale Your Tech Startup?' },
    subline: {
      en: "Let's develop and execute a go-to-market strategy that takes your startup into new markets and grows revenue.",
    },
    formIntro: { en: 'Leave your details and I will get back to you within 24 hours.' },
    panelTitle: { en: 'Get in Touch' },
    panelSubtitle: { en: 'Choose your preferred way to connect' },
    messengerLabel: { en: 'Message me on Telegram' },
    networkLabel: { en: 'Connect on LinkedIn' },
  },
  footer: { title: { en: 'Go-to-Market & Growth Strategist for Tech Startups' }, year: 2024 },
};
