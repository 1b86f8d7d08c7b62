/** The product's own words in Latin-American Spanish (every key of en.ts). */
import { CHANGE_CUTOFF_HOURS } from '../contract/booking';
import type { BookingMailStrings, BookPageStrings, FormStrings, MailStrings, ServerStrings, SiteStrings } from './en';

export const site: SiteStrings = {
  skipLink: 'Saltar al contenido principal',
  mainNav: 'Principal',
  navServices: 'Servicios',
  navAbout: 'Sobre mí',
  navPublications: 'Publicaciones',
  bookCall: 'Agendar llamada',
  languages: 'Idioma',
  newTab: '(se abre en una pestaña nueva)',
  heroGraphic: 'Un globo con rutas de venta que unen EE. UU., Europa, India y Latinoamérica',
  globeMarkets: ['EE. UU.', 'Europa', 'India', 'LATAM'],
  countries: { BR: 'Brasil', US: 'EE. UU.', RU: 'Rusia' },
  copyright: (year, name) => ['© ', year, ' ', name, '. Todos los derechos reservados.'],
  privacyNote: (email, days) =>
    `Uso tus datos solo para responderte sobre tu llamada; se ${days === null ? 'conservan hasta que me pidas eliminarlos' : `eliminan después de ${days} días, o después de la llamada que reserves aquí, si es más tarde`}. Para verlos o eliminarlos, escríbeme a ${email}.`,
  notFoundTitle: 'Página no encontrada',
  notFound: '¡Ups! Página no encontrada',
  returnHome: 'Volver al inicio',
};

export const form: FormStrings = {
  title: 'Agenda tu llamada inicial gratuita',
  name: 'Nombre *',
  company: 'Empresa *',
  email: 'Correo electrónico *',
  namePlaceholder: 'Tu nombre completo',
  companyPlaceholder: 'Nombre de tu empresa',
  submit: 'Agendar llamada gratuita',
  submitting: 'Agendando...',
  errorTitle: 'Error',
  transportError: 'Hubo un error al enviar tu información. Inténtalo de nuevo.',
  unexpectedError: 'Ocurrió un error inesperado. Inténtalo de nuevo.',
  thankYouTitle: '¡Gracias por tu interés!',
  thankYou: 'Te responderé en un plazo de 24 horas para agendar tu llamada inicial gratuita.',
  savedSmsMayHaveFailed:
    'Tu información se guardó. Es posible que la notificación por SMS haya fallado, pero te responderé en un plazo de 24 horas.',
  notifications: 'Notificaciones',
  dismiss: 'Cerrar notificación',
  pickTitle: 'Elige un horario para la llamada',
  timesIn: (zone: string) => `Horarios en ${zone}.`,
  changeZone: 'Cambiar la zona horaria',
  noSlots: 'No hay horarios libres en los próximos días. Te responderé por correo para encontrar uno.',
  unavailable: 'El calendario no se puede leer ahora. Te responderé por correo para encontrar un horario.',
  loadingSlots: 'Cargando los horarios libres...',
  bookedAlready: (when: string) => `Ya tienes una llamada agendada: ${when}. Para cambiarla, elige otro horario abajo.`,
  bookedSoon: (when: string) =>
    `Ya tienes una llamada agendada: ${when}. Empieza en menos de ${CHANGE_CUTOFF_HOURS} horas, así que ya no se puede cambiar aquí: responde a la invitación.`,
};

export const server: ServerStrings = {
  fieldNames: { name: 'Nombre', company: 'Empresa', email: 'Correo electrónico' },
  missingName: 'Escribe tu nombre.',
  missingCompany: 'Escribe el nombre de tu empresa.',
  missingEmail: 'Escribe tu correo electrónico.',
  notText: (field) => `El campo ${field} debe ser un texto.`,
  tooLong: (field, max) => `El campo ${field} puede tener como máximo ${max} caracteres.`,
  invalidCharacters: (field) => `El campo ${field} contiene caracteres que no son texto válido.`,
  controlCharacters: (field) => `El campo ${field} no puede contener saltos de línea ni caracteres de control.`,
  emailSpaces: 'El correo electrónico no puede contener espacios ni caracteres de control.',
  emailInvalid: 'Escribe un correo electrónico válido, como nombre@ejemplo.com.',
  emailDomain: 'El dominio de este correo electrónico no es válido.',
  notAnObject: 'Envía tu nombre, empresa y correo electrónico como un objeto JSON o como campos de formulario.',
  storeFailed: 'No pudimos guardar tu solicitud en este momento. Inténtalo de nuevo en unos minutos.',
  rateLimited: (minutes) =>
    `Demasiadas solicitudes desde tu red. Espera ${minutes <= 1 ? 'un minuto' : `${minutes} minutos`} y vuelve a intentarlo.`,
};

/** La página de reserva: el lead elige un horario, lo confirma y puede cambiarlo o cancelarlo. */
export const bookPage: BookPageStrings = {
  title: 'Elige un horario para la llamada',
  intro: (minutes: number) =>
    `Una llamada inicial gratuita de ${minutes} minutos. Los horarios están en tu zona horaria.`,
  zone: 'Zona horaria',
  zoneShown: (zone: string) => `Horarios en ${zone}`,
  showTimes: 'Mostrar horarios',
  noSlots: 'No hay horarios libres en los próximos días. Te responderé por correo para encontrar uno.',
  unavailable:
    'El calendario no se puede leer ahora, así que no se ofrece ningún horario. Te responderé por correo para encontrar uno.',
  confirmTitle: 'Confirma tu llamada',
  confirm: 'Reservar este horario',
  pickAnother: 'Elegir otro horario',
  bookedTitle: 'Tu llamada está reservada',
  booked: (when: string) => `Tu llamada está reservada para el ${when}. Te llegará una invitación por correo.`,
  movedTitle: 'Tu llamada cambió de horario',
  moved: (when: string) => `Tu llamada ahora es el ${when}. Te llegará una invitación actualizada.`,
  current: (when: string) => `Tu llamada: ${when}.`,
  past: (when: string) => `Tu llamada estaba reservada para ${when}.`,
  over: 'Esta llamada ya tuvo lugar: ya no se puede cambiar.',
  moveHint: 'Para cambiarla, elige otro horario abajo.',
  cancel: 'Cancelar la llamada',
  cancelledTitle: 'Tu llamada está cancelada',
  cancelled: 'Tu llamada está cancelada. Puedes elegir otro horario abajo.',
  cancellationSent: 'La cancelación va de camino a tu correo.',
  tooLateTitle: 'Demasiado tarde para cambiar la llamada',
  takenTitle: 'Este horario se acaba de reservar',
  notOfferedTitle: 'Este horario no está disponible',
  notBookedTitle: 'Ninguna llamada que cancelar',
  tooLate: `La llamada empieza en menos de ${CHANGE_CUTOFF_HOURS} horas: ya no se puede cambiar aquí. Responde a la invitación.`,
  taken: 'Este horario se acaba de reservar, elige otro.',
  notOffered: 'Este horario no está disponible. Elige uno de los horarios de abajo.',
  notBooked: 'No hay ninguna llamada reservada para cancelar.',
  invalidTitle: 'Este enlace no es válido',
  expiredTitle: 'Este enlace ha caducado',
  offTitle: 'Sin reservas en línea por ahora',
  tooManyTitle: 'Demasiados intentos',
  invalid: 'Este enlace de reserva no es válido. Usa el enlace de tu correo.',
  expired: 'Este enlace de reserva venció. Envía el formulario de nuevo o responde a mi correo.',
  off: 'Por ahora las llamadas no se reservan en línea. Te responderé por correo para encontrar un horario.',
  backHome: 'Volver al inicio',
  pickTitle: 'Elige un horario para la llamada',
  pickLink: 'Elige un horario para la llamada',
};

export const mail: MailStrings = {
  autoReplySubject: (owner) => `Tu llamada inicial gratuita con ${owner}`,
  greeting: 'Hola:',
  autoReplyThanks:
    '¡Gracias por tu interés! Te responderé en un plazo de 24 horas para agendar tu llamada inicial gratuita.',
  autoReplySooner: (email, phone, messenger, linkedin) =>
    `Si quieres hablar conmigo antes, escríbeme a ${email}, llámame al ${phone} o envíame un mensaje por Telegram (${messenger}) o LinkedIn (${linkedin}).`,
  signOff: 'Saludos cordiales,',
  autoReplyFooter:
    'Recibes este único correo porque esta dirección se ingresó en el formulario de contacto de mi sitio web. Si no fuiste tú, ignóralo.',
  replySubject: (company) => `Tu llamada inicial gratuita: ${company}`,
  replyGreeting: (name) => `Hola, ${name}:`,
  replyOpening: 'Gracias por tu interés en una llamada inicial gratuita.',
};

export const bookingMail: BookingMailStrings = {
  weekdays: ['domingo', 'lunes', 'martes', 'miércoles', 'jueves', 'viernes', 'sábado'],
  months: [
    'enero',
    'febrero',
    'marzo',
    'abril',
    'mayo',
    'junio',
    'julio',
    'agosto',
    'septiembre',
    'octubre',
    'noviembre',
    'diciembre',
  ],
  when: (weekday, day, month, time, zone) => `${weekday} ${day} de ${month}, a las ${time} (${zone})`,
  bookedSubject: (owner, when) => `Tu llamada con ${owner}: ${when}`,
  movedSubject: (owner, when) => `Nuevo horario de tu llamada con ${owner}: ${when}`,
  cancelledSubject: (owner, when) => `Cancelada: tu llamada con ${owner} del ${when}`,
  roomSubject: (owner, when) => `Nuevo enlace de tu llamada con ${owner}: ${when}`,
  greeting: 'Hola:',
  bookedIntro: 'Tu llamada quedó agendada. ¡Hablamos pronto!',
  movedIntro: 'Tu llamada se cambió a un nuevo horario.',
  roomIntro: 'El enlace para unirte a la llamada cambió: el nuevo está abajo. El horario sigue siendo el mismo.',
  cancelledIntro: 'Tu llamada fue cancelada.',
  whenLabel: 'Cuándo',
  zoneNote:
    'La hora está en la zona horaria elegida al reservar. La invitación adjunta agrega la llamada a tu calendario a la hora correcta, estés donde estés.',
  joinLabel: 'Unirse a la llamada',
  noRoomYet: 'Te enviaré el enlace de la llamada antes de la hora acordada.',
  manageLabel: 'Cambiar o cancelar',
  manageLine: '¿Necesitas otro horario? Puedes cambiar o cancelar la llamada aquí:',
  cancelledLine: 'Si quieres que hablemos en otro momento, solo responde a este correo.',
  signOff: 'Saludos cordiales,',
  footer:
    'Recibes este correo porque esta dirección se usó para agendar una llamada en mi sitio web. Si no fuiste tú, ignóralo.',
  inviteSummary: (owner) => `Llamada con ${owner}`,
};
