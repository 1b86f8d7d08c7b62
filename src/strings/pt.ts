/** The product's own words in Brazilian Portuguese (every key of en.ts). */
import type { BookingMailStrings, BookPageStrings, FormStrings, MailStrings, ServerStrings, SiteStrings } from './en';

export const site: SiteStrings = {
  skipLink: 'Pular para o conteúdo principal',
  mainNav: 'Principal',
  navServices: 'Serviços',
  navAbout: 'Sobre',
  navPublications: 'Publicações',
  bookCall: 'Agendar chamada',
  languages: 'Idioma',
  newTab: '(abre em uma nova aba)',
  heroGraphic: 'Um globo com rotas de vendas ligando os EUA, a Europa, a Índia e a América Latina',
  globeMarkets: ['EUA', 'Europa', 'Índia', 'LATAM'],
  countries: { BR: 'Brasil', US: 'EUA', RU: 'Rússia' },
  copyright: (year, name) => ['© ', year, ' ', name, '. Todos os direitos reservados.'],
  privacyNote: (email, days) =>
    `Uso seus dados apenas para responder sobre a sua chamada; eles são ${days === null ? 'guardados até você me pedir para excluí-los' : `excluídos após ${days} dias`}. Para ver ou excluir seus dados, escreva para ${email}.`,
  notFoundTitle: 'Página não encontrada',
  notFound: 'Ops! Página não encontrada',
  returnHome: 'Voltar ao início',
};

export const form: FormStrings = {
  title: 'Agende sua chamada inicial gratuita',
  name: 'Nome *',
  company: 'Empresa *',
  email: 'E-mail *',
  namePlaceholder: 'Seu nome completo',
  companyPlaceholder: 'Nome da sua empresa',
  submit: 'Agendar chamada gratuita',
  submitting: 'Agendando...',
  errorTitle: 'Erro',
  transportError: 'Ocorreu um erro ao enviar suas informações. Tente novamente.',
  unexpectedError: 'Ocorreu um erro inesperado. Tente novamente.',
  thankYouTitle: 'Obrigado pelo seu interesse!',
  thankYou: 'Retornarei em até 24 horas para agendar sua chamada inicial gratuita.',
  savedSmsMayHaveFailed:
    'Suas informações foram salvas. A notificação por SMS pode ter falhado, mas retornarei em até 24 horas.',
  notifications: 'Notificações',
  dismiss: 'Fechar notificação',
  pickTitle: 'Escolha um horário para a chamada',
  timesIn: (zone: string) => `Horários em ${zone}.`,
  changeZone: 'Mudar o fuso horário',
  noSlots: 'Não há horário livre nos próximos dias. Vou responder por e-mail para combinarmos um.',
  unavailable: 'A agenda não pode ser lida agora. Vou responder por e-mail para combinarmos um horário.',
  loadingSlots: 'Carregando os horários livres...',
  bookedAlready: (when: string) =>
    `Você já tem uma chamada agendada: ${when}. Para remarcar, escolha outro horário abaixo.`,
};

export const server: ServerStrings = {
  fieldNames: { name: 'Nome', company: 'Empresa', email: 'E-mail' },
  missingName: 'Informe seu nome.',
  missingCompany: 'Informe o nome da sua empresa.',
  missingEmail: 'Informe seu e-mail.',
  notText: (field) => `O campo ${field} deve ser um texto.`,
  tooLong: (field, max) => `O campo ${field} pode ter no máximo ${max} caracteres.`,
  invalidCharacters: (field) => `O campo ${field} contém caracteres que não são texto válido.`,
  controlCharacters: (field) => `O campo ${field} não pode conter quebras de linha nem caracteres de controle.`,
  emailSpaces: 'O e-mail não pode conter espaços nem caracteres de controle.',
  emailInvalid: 'Informe um e-mail válido, como nome@exemplo.com.',
  emailDomain: 'O domínio deste e-mail não é válido.',
  notAnObject: 'Envie seu nome, empresa e e-mail como um objeto JSON ou como campos de formulário.',
  storeFailed: 'Não foi possível salvar sua solicitação agora. Tente novamente em alguns minutos.',
  rateLimited: (minutes) =>
    `Muitas solicitações da sua rede. Aguarde ${minutes <= 1 ? 'um minuto' : `${minutes} minutos`} e tente novamente.`,
};

/** A página de agendamento: o lead escolhe um horário, confirma e pode remarcar ou cancelar. */
export const bookPage: BookPageStrings = {
  title: 'Escolha um horário para a chamada',
  intro: (minutes: number) => `Uma chamada inicial gratuita de ${minutes} minutos. Os horários estão no seu fuso.`,
  zone: 'Fuso horário',
  zoneShown: (zone: string) => `Horários em ${zone}`,
  showTimes: 'Mostrar horários',
  noSlots: 'Não há horário livre nos próximos dias. Vou responder por e-mail para combinarmos um.',
  unavailable:
    'A agenda não pode ser lida agora, então nenhum horário é oferecido. Vou responder por e-mail para combinarmos um.',
  confirmTitle: 'Confirme sua chamada',
  confirm: 'Agendar este horário',
  pickAnother: 'Escolher outro horário',
  bookedTitle: 'Sua chamada está agendada',
  booked: (when: string) => `Sua chamada está agendada para ${when}. Um convite está a caminho do seu e-mail.`,
  movedTitle: 'Sua chamada foi remarcada',
  moved: (when: string) => `Sua chamada agora é em ${when}. Um convite atualizado está a caminho.`,
  current: (when: string) => `Sua chamada: ${when}.`,
  moveHint: 'Para remarcar, escolha outro horário abaixo.',
  cancel: 'Cancelar a chamada',
  cancelledTitle: 'Sua chamada foi cancelada',
  cancelled: 'Sua chamada foi cancelada. Você pode escolher outro horário abaixo.',
  tooLate: 'A chamada começa em menos de 2 horas: não dá mais para alterá-la aqui. Responda ao convite.',
  taken: 'Este horário acabou de ser reservado, escolha outro.',
  notOffered: 'Este horário não está disponível. Escolha um dos horários abaixo.',
  notBooked: 'Não há chamada agendada para cancelar.',
  invalid: 'Este link de agendamento não é válido. Use o link do seu e-mail.',
  expired: 'Este link de agendamento expirou. Envie o formulário de novo ou responda ao meu e-mail.',
  off: 'No momento, as chamadas não são agendadas on-line. Vou responder por e-mail para combinarmos um horário.',
  backHome: 'Voltar ao início',
  pickTitle: 'Escolha um horário para a chamada',
  pickLink: 'Escolha um horário para a chamada',
};

export const mail: MailStrings = {
  autoReplySubject: (owner) => `Sua chamada inicial gratuita com ${owner}`,
  greeting: 'Olá,',
  autoReplyThanks: 'Obrigado pelo seu interesse! Retornarei em até 24 horas para agendar sua chamada inicial gratuita.',
  autoReplySooner: (email, phone, messenger, linkedin) =>
    `Se quiser falar comigo antes, escreva para ${email}, ligue para ${phone} ou mande uma mensagem no Telegram (${messenger}) ou no LinkedIn (${linkedin}).`,
  signOff: 'Um abraço,',
  autoReplyFooter:
    'Você recebeu este único e-mail porque este endereço foi informado no formulário de contato do meu site. Se não foi você, pode ignorá-lo.',
  replySubject: (company) => `Sua chamada inicial gratuita: ${company}`,
  replyGreeting: (name) => `Olá, ${name},`,
  replyOpening: 'Obrigado pelo interesse em uma chamada inicial gratuita.',
};

export const bookingMail: BookingMailStrings = {
  weekdays: ['domingo', 'segunda-feira', 'terça-feira', 'quarta-feira', 'quinta-feira', 'sexta-feira', 'sábado'],
  months: [
    'janeiro',
    'fevereiro',
    'março',
    'abril',
    'maio',
    'junho',
    'julho',
    'agosto',
    'setembro',
    'outubro',
    'novembro',
    'dezembro',
  ],
  when: (weekday, day, month, time, zone) => `${weekday}, ${day === 1 ? '1º' : day} de ${month}, às ${time} (${zone})`,
  bookedSubject: (owner, when) => `Sua chamada com ${owner}: ${when}`,
  movedSubject: (owner, when) => `Novo horário da sua chamada com ${owner}: ${when}`,
  cancelledSubject: (owner, when) => `Cancelada: sua chamada com ${owner} de ${when}`,
  greeting: 'Olá,',
  bookedIntro: 'Sua chamada está agendada. Até breve!',
  movedIntro: 'Sua chamada foi remarcada para um novo horário.',
  cancelledIntro: 'Sua chamada foi cancelada.',
  whenLabel: 'Quando',
  zoneNote:
    'O horário está no fuso escolhido no agendamento. O convite em anexo adiciona a chamada à sua agenda no horário certo, onde quer que você esteja.',
  joinLabel: 'Entrar na chamada',
  noRoomYet: 'Enviarei o link da chamada antes do horário marcado.',
  manageLabel: 'Remarcar ou cancelar',
  manageLine: 'Precisa de outro horário? Você pode remarcar ou cancelar a chamada aqui:',
  cancelledLine: 'Se quiser conversar em outro momento, é só responder a este e-mail.',
  signOff: 'Um abraço,',
  footer:
    'Você recebeu este e-mail porque este endereço foi usado para agendar uma chamada no meu site. Se não foi você, pode ignorá-lo.',
  inviteSummary: (owner) => `Chamada com ${owner}`,
};
