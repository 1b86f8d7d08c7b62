/**
 * The content the site ships with, in the schema's shape: the first start of a database publishes
 * it as revision 1. Its English is today's page word for word (content.ts, and the texts the
 * sections wrote themselves: the labels above the headings, the services' heading and intro); the
 * Portuguese is Brazil's and the Spanish Latin America's, so all three pages are offered from the
 * first start. The figures follow each language's habit (US$ 1,5M in Brazil; the point the RAE
 * recommends for neutral Spanish), and the texts about the owner are written so they fit a man or
 * a woman (Portuguese and Spanish mark the gender where English does not).
 */
import { shippedAbout } from './defaultsAbout';
import { shippedPublications } from './defaultsPublications';
import { shippedServices } from './defaultsServices';
import type { Content } from './schema';

// The page's title is the footer's too; a function, so the two are not one object (structuredClone
// would keep them one, and a change to one would change the other).
const title = () => ({
  en: 'Go-to-Market & Growth Strategist for Tech Startups',
  pt: 'Estrategista de go-to-market e crescimento para startups de tecnologia',
  es: 'Estratega de go-to-market y crecimiento para startups tecnológicas',
});

export const shippedContent: Content = {
  page: {
    title: title(),
    description: {
      en: 'Go-to-market and growth strategy for tech startups scaling into the US, Europe, India and LATAM: ICP, GTM strategy, outreach automation, sales training and fundraising.',
      pt: 'Go-to-market e crescimento para startups de tecnologia em expansão para EUA, Europa, Índia e América Latina: ICP, plano de GTM, automação de prospecção, treinamento de vendas e captação de recursos.',
      es: 'Go-to-market y crecimiento para startups tecnológicas que se expanden a EE. UU., Europa, India y Latinoamérica: ICP, GTM, prospección automatizada, capacitación en ventas y levantamiento de capital.',
    },
  },
  hero: {
    eyebrow: {
      en: 'Go-to-market & growth strategy',
      pt: 'Estratégia de go-to-market e crescimento',
      es: 'Estrategia de go-to-market y crecimiento',
    },
    headline: {
      en: 'Take your tech startup international, with a go-to-market plan that sells',
      pt: 'Leve sua startup de tecnologia para o mundo com um plano de go-to-market que vende',
      es: 'Lleva tu startup tecnológica al mundo con un plan de go-to-market que vende',
    },
    intro: {
      en: 'I help founders find the customers who buy, build the sales engine that reaches them and raise the money to grow, across the US, Europe, India and LATAM.',
      pt: 'Ajudo fundadores a encontrar os clientes que compram, montar a máquina de vendas que chega até eles e captar o investimento para crescer, nos EUA, na Europa, na Índia e na América Latina.',
      es: 'Ayudo a fundadores a encontrar a los clientes que compran, construir el motor de ventas que llega a ellos y levantar el capital para crecer, en EE. UU., Europa, India y Latinoamérica.',
    },
    stats: [
      {
        value: { en: '$5M+', pt: '+US$ 5M', es: '+US$ 5M' },
        label: { en: 'in B2B sales closed', pt: 'em vendas B2B fechadas', es: 'en ventas B2B cerradas' },
      },
      {
        value: { en: '19+', pt: '+19', es: '+19' },
        label: {
          en: 'years in sales and growth',
          pt: 'anos em vendas e crescimento',
          es: 'años en ventas y crecimiento',
        },
      },
    ],
    gmvClaim: {
      value: { en: '$1.5M', pt: 'US$ 1,5M', es: 'US$ 1.5M' },
      label: {
        en: 'GMV growth delivered since 2020',
        pt: 'em crescimento de GMV desde 2020',
        es: 'en crecimiento de GMV desde 2020',
      },
    },
    markets: [
      { en: 'United States', pt: 'Estados Unidos', es: 'Estados Unidos' },
      { en: 'Europe', pt: 'Europa', es: 'Europa' },
      { en: 'India', pt: 'Índia', es: 'India' },
      { en: 'LATAM', pt: 'América Latina', es: 'Latinoamérica' },
    ],
    linkedinLabel: {
      en: 'View my LinkedIn profile',
      pt: 'Ver meu perfil no LinkedIn',
      es: 'Ver mi perfil de LinkedIn',
    },
    photo: null,
  },
  ...shippedServices,
  ...shippedAbout,
  ...shippedPublications,
  video: {
    eyebrow: { en: 'Interview', pt: 'Entrevista', es: 'Entrevista' },
    heading: { en: 'Watch My Interview', pt: 'Assista à minha entrevista', es: 'Mira mi entrevista' },
    intro: {
      en: 'A conversation about taking B2B startups into new markets, and what founders get wrong about it.',
      pt: 'Uma conversa sobre como levar startups B2B a novos mercados e sobre o que os fundadores costumam errar nesse caminho.',
      es: 'Una conversación sobre cómo llevar startups B2B a nuevos mercados y sobre los errores que suelen cometer los fundadores en el camino.',
    },
    caption: {
      en: 'Interview: scaling tech startups internationally',
      pt: 'Entrevista: a expansão internacional de startups de tecnologia',
      es: 'Entrevista: la expansión internacional de startups tecnológicas',
    },
    thumbnailAlt: {
      en: 'Video thumbnail of the interview on scaling tech startups internationally',
      pt: 'Miniatura do vídeo da entrevista sobre a expansão internacional de startups de tecnologia',
      es: 'Miniatura del video de la entrevista sobre la expansión internacional de startups tecnológicas',
    },
    thumbnail: null,
  },
  contact: {
    eyebrow: { en: 'Contact', pt: 'Contato', es: 'Contacto' },
    heading: {
      en: 'Ready to Scale Your Tech Startup?',
      pt: 'Chegou a hora de escalar sua startup de tecnologia?',
      es: '¿Llegó el momento de escalar tu startup tecnológica?',
    },
    subline: {
      en: "Let's develop and execute a go-to-market strategy that takes your startup into new markets and grows revenue.",
      pt: 'Vamos desenhar e executar juntos uma estratégia de go-to-market que leve sua startup a novos mercados e faça sua receita crescer.',
      es: 'Diseñemos y ejecutemos juntos una estrategia de go-to-market que lleve tu startup a nuevos mercados y haga crecer tus ingresos.',
    },
    formIntro: {
      en: 'Leave your details and I will get back to you within 24 hours.',
      pt: 'Deixe seus dados e eu entro em contato em até 24 horas.',
      es: 'Déjame tus datos y te respondo en un máximo de 24 horas.',
    },
    panelTitle: { en: 'Get in Touch', pt: 'Entre em contato', es: 'Ponte en contacto' },
    panelSubtitle: {
      en: 'Choose your preferred way to connect',
      pt: 'Escolha como prefere falar comigo',
      es: 'Elige cómo prefieres contactarme',
    },
    messengerLabel: { en: 'Message me on Telegram', pt: 'Fale comigo no Telegram', es: 'Escríbeme por Telegram' },
    networkLabel: {
      en: 'Connect on LinkedIn',
      pt: 'Conecte-se comigo no LinkedIn',
      es: 'Conéctate conmigo en LinkedIn',
    },
  },
  footer: { title: title(), year: 2024 },
};
