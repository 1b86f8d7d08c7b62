/** The services section of the shipped content (src/content/defaults.ts), in each language. */
import type { Content } from './schema';

export const shippedServices: Pick<Content, 'servicesSection' | 'services'> = {
  servicesSection: {
    eyebrow: { en: 'Services', pt: 'Serviços', es: 'Servicios' },
    heading: { en: 'How I Can Help', pt: 'Como posso ajudar', es: 'Cómo puedo ayudarte' },
    intro: {
      en: 'From the first sketch of your ideal customer to a trained sales team and a funded plan: pick the part you need, or all of it.',
      pt: 'Do primeiro esboço do seu cliente ideal até um time de vendas treinado e um plano com capital para executá-lo: escolha só a parte de que precisa, ou tudo.',
      es: 'Desde el primer boceto de tu cliente ideal hasta un equipo de ventas capacitado y un plan con el capital para ejecutarlo: elige solo la parte que necesitas, o todo.',
    },
  },
  services: [
    {
      title: { en: 'What We Sell', pt: 'O que vendemos', es: 'Qué vendemos' },
      description: {
        en: 'Pin down your ideal customer profile, sharpen the value propositions that make them buy and put the whole business on one lean canvas.',
        pt: 'Defina com precisão seu perfil de cliente ideal, afine as propostas de valor que levam esse cliente a comprar e coloque o negócio inteiro em um único Lean Canvas.',
        es: 'Define con precisión tu perfil de cliente ideal, afina las propuestas de valor que lo llevan a comprar y plasma todo el negocio en un solo Lean Canvas.',
      },
      icon: 'target',
    },
    {
      title: { en: 'Who We Sell To', pt: 'Para quem vendemos', es: 'A quién le vendemos' },
      description: {
        en: 'A go-to-market strategy for each new market: which segments to enter first, how to price and position, and which channels reach the buyers.',
        pt: 'Uma estratégia de go-to-market para cada novo mercado: por quais segmentos começar, como precificar e se posicionar, e quais canais chegam aos compradores.',
        es: 'Una estrategia de go-to-market para cada mercado nuevo: con qué segmentos empezar, cómo fijar precios y posicionarte, y qué canales llegan a los compradores.',
      },
      icon: 'users',
    },
    {
      title: { en: 'How We Sell', pt: 'Como vendemos', es: 'Cómo vendemos' },
      description: {
        en: 'Automated outreach across e-mail, LinkedIn and messengers, with sequences, CRM hygiene and reporting that show what turns into pipeline.',
        pt: 'Prospecção automatizada por e-mail, LinkedIn e apps de mensagem, com cadências, CRM organizado e relatórios que mostram o que vira pipeline.',
        es: 'Prospección automatizada por correo, LinkedIn y apps de mensajería, con secuencias, un CRM ordenado y reportes que muestran qué se convierte en pipeline.',
      },
      icon: 'workflow',
    },
    {
      title: { en: 'Team Building', pt: 'Montagem do time', es: 'Armado del equipo' },
      description: {
        en: 'Hire, onboard and train your first sales team: playbooks, call scripts, objection handling and a weekly rhythm that keeps deals moving.',
        pt: 'Contrate, integre e treine seu primeiro time de vendas: playbooks, roteiros de ligação, contorno de objeções e uma rotina semanal que mantém os negócios andando.',
        es: 'Contrata, integra y capacita a tu primer equipo de ventas: playbooks, guiones de llamada, manejo de objeciones y una rutina semanal que hace avanzar las oportunidades.',
      },
      icon: 'graduation-cap',
    },
    {
      title: { en: 'Fundraising', pt: 'Captação de investimento', es: 'Levantamiento de capital' },
      description: {
        en: 'A pitch deck and an investor narrative built on traction, market size and unit economics, rehearsed until the story survives tough questions.',
        pt: 'Um pitch deck e uma narrativa para investidores baseados em tração, tamanho de mercado e unit economics, ensaiados até que a história resista às perguntas difíceis.',
        es: 'Un pitch deck y una narrativa para inversionistas basados en tracción, tamaño de mercado y unit economics, ensayados hasta que la historia resista las preguntas difíciles.',
      },
      icon: 'presentation',
    },
  ],
};
