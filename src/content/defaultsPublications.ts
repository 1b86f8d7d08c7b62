/** The publications section of the shipped content (src/content/defaults.ts), in each language. */
import type { Content } from './schema';
import { same } from './defaultsAbout';

export const shippedPublications: Pick<Content, 'publicationsSection' | 'publications'> = {
  publicationsSection: {
    eyebrow: { en: 'Publications', pt: 'Publicações', es: 'Publicaciones' },
    heading: { en: 'International Expertise', pt: 'Experiência internacional', es: 'Experiencia internacional' },
    intro: {
      en: 'Articles and interviews on international sales and growth, published in Brazil, the USA and Russia.',
      pt: 'Artigos e entrevistas sobre vendas e crescimento internacional, publicados no Brasil, nos EUA e na Rússia.',
      es: 'Artículos y entrevistas sobre ventas y crecimiento internacional, publicados en Brasil, EE. UU. y Rusia.',
    },
  },
  // An article keeps its own title where it has one in the language (the Brazilian ones in
  // Portuguese, the American ones in English); the Russian ones are translated.
  publications: [
    {
      title: {
        en: 'How Brazilian SaaS startups can win their first US enterprise customers',
        pt: 'Como startups brasileiras de SaaS podem conquistar seus primeiros clientes corporativos nos EUA',
        es: 'Cómo las startups brasileñas de SaaS pueden conquistar a sus primeros clientes corporativos en EE. UU.',
      },
      url: 'https://www.startse.com/artigos/saas-brasileiro-clientes-eua',
      country: 'BR',
      media: same('StartSe'),
    },
    {
      title: {
        en: 'Outbound sales in LATAM: what works after the first ten customers',
        pt: 'Vendas outbound na América Latina: o que funciona depois dos dez primeiros clientes',
        es: 'Ventas outbound en Latinoamérica: qué funciona después de los primeros diez clientes',
      },
      url: 'https://exame.com/negocios/vendas-b2b-latam-outbound',
      country: 'BR',
      media: same('Exame'),
    },
    {
      title: same('Five go-to-market mistakes foreign founders make in the US'),
      url: 'https://www.entrepreneur.com/growing-a-business/go-to-market-mistakes-foreign-founders',
      country: 'US',
      media: same('Entrepreneur'),
    },
    {
      title: same('Why your ideal customer profile is the cheapest growth lever you have'),
      url: 'https://www.inc.com/ideal-customer-profile-growth-lever',
      country: 'US',
      media: same('Inc.'),
    },
    {
      title: {
        en: 'Scaling a B2B startup abroad: a practical playbook',
        pt: 'Como escalar uma startup B2B no exterior: um guia prático',
        es: 'Cómo escalar una startup B2B en el extranjero: una guía práctica',
      },
      url: 'https://www.forbes.ru/biznes/b2b-startup-international-playbook',
      country: 'RU',
      media: same('Forbes Russia'),
    },
    {
      title: {
        en: 'Sales automation without losing the personal touch',
        pt: 'Automação de vendas sem perder o toque pessoal',
        es: 'Automatización de ventas sin perder el toque personal',
      },
      url: 'https://vc.ru/marketing/sales-automation-personal-touch',
      country: 'RU',
      media: same('vc.ru'),
    },
  ],
};
