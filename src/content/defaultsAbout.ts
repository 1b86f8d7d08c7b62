/** The about section of the shipped content (src/content/defaults.ts): the journey, the talks and the recognitions. */
import type { Content } from './schema';

/** A proper name (a conference, an outlet), which reads the same in every language. */
export const same = (name: string) => ({ en: name, pt: name, es: name });

// A function, not a shared object: structuredClone keeps shared objects shared, so a test's (or an
// action's) change to one talk's place would change the others'.
const lisbon = () => ({ en: 'Lisbon, Portugal', pt: 'Lisboa, Portugal', es: 'Lisboa, Portugal' });

export const shippedAbout: Pick<Content, 'about' | 'conferences' | 'recognitions'> = {
  about: {
    eyebrow: { en: 'About', pt: 'Sobre', es: 'Acerca de' },
    heading: { en: 'About Me', pt: 'Sobre mim', es: 'Sobre mí' },
    journey: [
      {
        en: 'I started in enterprise software sales in 2006, selling to banks and telecom operators, and went on to build sales teams for B2B SaaS companies from their first customer to international revenue.',
        pt: 'Comecei em vendas de software corporativo em 2006, vendendo para bancos e operadoras de telecom, e depois montei times de vendas para empresas de SaaS B2B, do primeiro cliente à receita internacional.',
        es: 'Empecé en ventas de software empresarial en 2006, vendiendo a bancos y operadoras de telecomunicaciones, y después armé equipos de ventas para empresas SaaS B2B, desde su primer cliente hasta sus ingresos internacionales.',
      },
      {
        en: 'Since 2020 I have worked with founders directly: entering the US, European, Indian and Latin American markets, automating outbound, hiring the first sellers and preparing for seed and Series A rounds. Together with my clients I have closed more than $5M in B2B sales and grown marketplace GMV by $1.5M.',
        pt: 'Desde 2020 trabalho diretamente com fundadores: entrada nos mercados dos EUA, da Europa, da Índia e da América Latina, automação de outbound, contratação dos primeiros vendedores e preparação para rodadas seed e Série A. Junto com meus clientes, fechei mais de US$ 5 milhões em vendas B2B e aumentei em US$ 1,5 milhão o GMV de marketplaces.',
        es: 'Desde 2020 trabajo directamente con fundadores: ingreso a los mercados de EE. UU., Europa, India y Latinoamérica, automatización del outbound, contratación de los primeros vendedores y preparación de rondas semilla y Serie A. Junto con mis clientes he cerrado más de US$ 5 millones en ventas B2B y he aumentado en US$ 1.5 millones el GMV de marketplaces.',
      },
    ],
    conferencesHeading: { en: 'Speaking', pt: 'Palestras', es: 'Conferencias' },
    recognitionHeading: {
      en: 'Industry Recognition',
      pt: 'Reconhecimento no setor',
      es: 'Reconocimiento en la industria',
    },
  },
  conferences: [
    {
      name: same('Web Summit'),
      location: lisbon(),
      year: 2022,
      description: {
        en: 'Workshop: choosing your first international market with data, not hope.',
        pt: 'Workshop: como escolher seu primeiro mercado internacional com dados, não com esperança.',
        es: 'Taller: cómo elegir tu primer mercado internacional con datos, no con esperanzas.',
      },
    },
    {
      name: same('SaaStr Annual'),
      location: { en: 'San Mateo, USA', pt: 'San Mateo, EUA', es: 'San Mateo, EE. UU.' },
      year: 2023,
      description: {
        en: 'Panel on building outbound engines for non-US founders selling into the US.',
        pt: 'Painel sobre como montar máquinas de outbound para fundadores estrangeiros que querem vender nos EUA.',
        es: 'Panel sobre cómo armar motores de outbound para fundadores extranjeros que quieren vender en EE. UU.',
      },
    },
    {
      name: same('Web Summit'),
      location: lisbon(),
      year: 2023,
      description: {
        en: 'Talk: the lean go-to-market canvas for seed-stage B2B startups.',
        pt: 'Palestra: o canvas lean de go-to-market para startups B2B em estágio seed.',
        es: 'Charla: el canvas lean de go-to-market para startups B2B en etapa semilla.',
      },
    },
    {
      name: same('Collision Founders Track'),
      location: { en: 'Austin, USA', pt: 'Austin, EUA', es: 'Austin, EE. UU.' },
      year: 2024,
      description: {
        en: 'Masterclass on automating outreach without burning your domain or your brand.',
        pt: 'Masterclass sobre como automatizar a prospecção sem queimar seu domínio nem sua marca.',
        es: 'Masterclass sobre cómo automatizar la prospección sin quemar tu dominio ni tu marca.',
      },
    },
    {
      name: same('Startup Lisboa Demo Week'),
      location: lisbon(),
      year: 2024,
      description: {
        en: 'Keynote: what investors want to see in an international expansion plan.',
        pt: 'Keynote: o que os investidores querem ver em um plano de expansão internacional.',
        es: 'Conferencia magistral: lo que los inversionistas quieren ver en un plan de expansión internacional.',
      },
    },
  ],
  recognitions: [
    {
      title: { en: 'Expert', pt: 'Especialista', es: 'Especialista' },
      subtitle: {
        en: 'Association of Internet Trade Companies, e-commerce and B2B sales committee',
        pt: 'Associação das Empresas de Comércio pela Internet, comitê de e-commerce e vendas B2B',
        es: 'Asociación de Empresas de Comercio por Internet, comité de e-commerce y ventas B2B',
      },
      year: 2022,
    },
    {
      title: { en: 'Jury Member', pt: 'Membro do júri', es: 'Miembro del jurado' },
      subtitle: {
        en: 'Effie Awards, marketing effectiveness jury',
        pt: 'Effie Awards, júri de eficácia em marketing',
        es: 'Effie Awards, jurado de efectividad en marketing',
      },
      year: 2023,
    },
    {
      // The activity, not the person: "Mentor" would have to say whether it is a man or a woman.
      title: { en: 'Mentor', pt: 'Mentoria', es: 'Mentoría' },
      subtitle: {
        en: 'Startup incubator programme for international B2B founders',
        pt: 'Programa de incubação para fundadores de startups B2B que querem se internacionalizar',
        es: 'Programa de incubación para fundadores de startups B2B que buscan internacionalizarse',
      },
      year: 2024,
    },
  ],
};
