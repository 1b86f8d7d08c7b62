/**
 * The e-mails of a booked call, each carrying its calendar invite: the visitor's, in the language of the page they
 * booked from, and the owner's, in English with the time in his time zone. While the call is booked the invite is a
 * REQUEST (a move is one more REQUEST, of a higher SEQUENCE); once cancelled, a CANCEL. The owner's Telegram, ntfy
 * and SMS texts and the webhook's payload are in bookingAlerts.ts.
 *
 * The visitor's e-mail repeats nothing they typed: anyone may book with a stranger's address, and a typed name
 * would put their words into a mail from the owner's domain. Their name is only the invite's attendee name.
 */
import type { Profile } from '../content/content';
import type { CancelledBy } from '../contract/booking';
import { FIELD_LIMITS } from '../contract/lead';
import { languageOfTag } from '../contract/languages';
import { bookingMailStrings } from '../strings';
import type { AlertBooking, AlertLead } from './alertSender';
import { clockTime, ownerCallTime, visitorCallTime, wallClock } from './callTime';
import {
  type EmailEnvelope,
  escapeHtml,
  factsHtml,
  factsText,
  htmlPage,
  INBOX_LINK_TEXT,
  leadFacts,
  leadMessageId,
  linkHtml,
  type MailMessage,
  oneLineHeader,
  ownerEmail,
} from './emailMessage';
import { type InviteMethod, inviteCalendar } from './invite';
import { languageMark } from './leadLanguage';

export interface VisitorEnvelope {
  /** ALERT_EMAIL_FROM. */
  from: string;
  profile: Profile;
}

/** The booking of a lead, which the booking channels always have. */
export function bookingOf(lead: AlertLead): AlertBooking {
  if (lead.booking === undefined) throw new Error(`lead ${lead.id} has no booking`);
  return lead.booking;
}

export const inviteMethod = (booking: AlertBooking): InviteMethod =>
  booking.status === 'cancelled' ? 'CANCEL' : 'REQUEST';

/**
 * The Message-ID kind of one version of a booking's e-mail: a retry of it carries the same Message-ID; a move, a
 * cancel and a booking again after a cancel (each a higher sequence of the same UID) a new one.
 */
const versionKind = (kind: string, booking: AlertBooking) => `${kind}-${uidLetters(booking)}-${booking.sequence}`;

/** The booking's UID as letters and digits (at most 64), for the ids that name one version of it. */
export const uidLetters = (booking: AlertBooking) => booking.uid.replace(/[^A-Za-z0-9]/g, '').slice(0, 64);

/** The invite's attendee: the visitor, as they typed their name. */
const visitorPerson = (lead: AlertLead) => ({ name: oneLineHeader(lead.name, FIELD_LIMITS.name), email: lead.email });

/** The e-mail to the visitor about their call, with the invite for their calendar. */
export function buildVisitorInviteEmail(lead: AlertLead, { from, profile }: VisitorEnvelope): MailMessage {
  const booking = bookingOf(lead);
  const say = bookingMailStrings(languageOfTag(lead.language ?? 'en'));
  const method = inviteMethod(booking);
  const cancelled = method === 'CANCEL';
  const when = visitorCallTime(booking.startsAt, languageOfTag(lead.language ?? 'en'), booking.visitorZone);
  const [subject, intro] = cancelled
    ? [say.cancelledSubject(profile.name, when), say.cancelledIntro]
    : booking.roomChanged
      ? [say.roomSubject(profile.name, when), say.roomIntro]
      : booking.event === 'moved'
        ? [say.movedSubject(profile.name, when), say.movedIntro]
        : [say.bookedSubject(profile.name, when), say.bookedIntro];
  const room = cancelled || booking.meetingUrl === '' ? undefined : booking.meetingUrl;
  const manage = cancelled ? undefined : booking.manageUrl;
  const roomLine = room ? `${say.joinLabel}: ${room}` : say.noRoomYet;
  const text = [
    say.greeting,
    '',
    intro,
    '',
    `${say.whenLabel}: ${when}`,
    ...(cancelled ? [] : [say.zoneNote, '', roomLine]),
    '',
    ...(manage ? [say.manageLine, manage, ''] : []),
    ...(cancelled ? [say.cancelledLine, ''] : []),
    say.signOff,
    profile.name,
    '',
    '--',
    say.footer,
    '',
  ].join('\n');
  const html = htmlPage([
    `<p>${escapeHtml(say.greeting)}</p>`,
    `<p>${escapeHtml(intro)}</p>`,
    `<p><strong>${escapeHtml(say.whenLabel)}:</strong> ${escapeHtml(when)}</p>`,
    ...(cancelled ? [] : [`<p style="color:#666;font-size:small">${escapeHtml(say.zoneNote)}</p>`]),
    ...(cancelled ? [] : room ? linkHtml(room, escapeHtml(say.joinLabel)) : [`<p>${escapeHtml(say.noRoomYet)}</p>`]),
    ...(manage ? [`<p>${escapeHtml(say.manageLine)}</p>`, ...linkHtml(manage, escapeHtml(say.manageLabel))] : []),
    ...(cancelled ? [`<p>${escapeHtml(say.cancelledLine)}</p>`] : []),
    `<p>${escapeHtml(say.signOff)}<br>${escapeHtml(profile.name)}</p>`,
    `<p style="color:#666;font-size:small">${escapeHtml(say.footer)}</p>`,
  ]);
  const description = [
    ...(room ? [`${say.joinLabel}: ${room}`] : []),
    ...(manage ? [`${say.manageLabel}: ${manage}`] : []),
  ].join('\n');
  return {
    from,
    to: lead.email,
    replyTo: profile.email,
    subject: oneLineHeader(subject),
    text,
    html,
    messageId: leadMessageId(versionKind('invite', booking), lead, from),
    headers: { 'Auto-Submitted': 'auto-generated' },
    icalEvent: invite(lead, booking, profile, say.inviteSummary(profile.name), description),
  };
}

/** The call's invite, the same event for both: the owner organizes it, the visitor attends. */
function invite(lead: AlertLead, booking: AlertBooking, profile: Profile, summary: string, description: string) {
  const method = inviteMethod(booking);
  const organizer = { name: profile.name, email: profile.email };
  return {
    method,
    content: inviteCalendar({ method, booking, organizer, attendee: visitorPerson(lead), summary, description }),
  };
}

/** "Booked", "Moved", "Cancelled": the first word of the owner's messages. */
export type BookingVerb = 'Booked' | 'Moved' | 'Cancelled';

export function bookingVerb(booking: AlertBooking): BookingVerb {
  if (booking.status === 'cancelled' || booking.event === 'cancelled') return 'Cancelled';
  return booking.event === 'moved' ? 'Moved' : 'Booked';
}

/** "Tue 1 Dec 15:00 your time": the call's start as the owner reads it. */
export const ownerWhen = (lead: AlertLead, booking: AlertBooking) =>
  `${ownerCallTime(booking.startsAt, lead.ownerTimeZone)} your time`;

/** The owner's sentence about a cancel, by who made it: he may have cancelled it himself, from another device. */
const CANCELLED_INTROS: Record<CancelledBy, string> = {
  visitor: 'A visitor cancelled their call.',
  owner: 'You cancelled this call from your inbox; the visitor was sent the cancellation.',
  erasure: 'This call was cancelled because the person was erased; they are sent nothing more.',
};

/** The owner's sentence about what happened. */
export function ownerIntro(booking: AlertBooking): string {
  const verb = bookingVerb(booking);
  if (verb === 'Cancelled') return CANCELLED_INTROS[booking.cancelledBy ?? 'visitor'];
  return verb === 'Moved' ? 'A visitor moved their call to a new time.' : 'A visitor booked a call with you.';
}

/** The owner's facts of the call: its time in his zone, its room, then the lead's facts. */
export function bookingFacts(lead: AlertLead, booking: AlertBooking): [string, string][] {
  const timeZone = lead.ownerTimeZone ?? 'UTC';
  const end = clockTime(wallClock(booking.endsAt, timeZone));
  return [
    ['Call', `${ownerCallTime(booking.startsAt, timeZone)}-${end} (${timeZone})`],
    ...(booking.meetingUrl === '' ? [] : ([['Meeting room', booking.meetingUrl]] as [string, string][])),
    ...leadFacts(lead),
  ];
}

/** The e-mail to the owner about the lead's call (a reply goes to the lead), with the invite for his calendar. */
export function buildOwnerInviteEmail(lead: AlertLead, mail: EmailEnvelope, profile: Profile): MailMessage {
  const booking = bookingOf(lead);
  // His own new meeting link is the one change his invite e-mail names apart: his phone is not told of it.
  const room = booking.roomChanged === true && booking.status === 'booked';
  const verb = room ? 'New link' : bookingVerb(booking);
  const rows = bookingFacts(lead, booking);
  const intro = room ? "You changed your meeting link: this is the call's updated invitation." : ownerIntro(booking);
  const text = [
    intro,
    '',
    ...factsText(rows),
    '',
    'Reply to this e-mail to write to them directly.',
    ...(lead.inboxUrl ? ['', `${INBOX_LINK_TEXT}: ${lead.inboxUrl}`] : []),
    '',
  ].join('\n');
  const html = htmlPage([
    `<p>${escapeHtml(intro)}</p>`,
    ...factsHtml(rows),
    ...linkHtml(lead.inboxUrl, INBOX_LINK_TEXT),
  ]);
  const message = ownerEmail(versionKind('booking', booking), lead, mail, {
    subject: `${verb}: ${ownerWhen(lead, booking)} — ${lead.name}, ${lead.company}${languageMark(lead)}`,
    text,
    html,
  });
  const description = [
    ...(booking.meetingUrl === '' ? [] : [`Join the call: ${booking.meetingUrl}`]),
    `${lead.name}, ${lead.company} <${lead.email}>${languageMark(lead)}`,
    ...(lead.inboxUrl ? [`${INBOX_LINK_TEXT}: ${lead.inboxUrl}`] : []),
  ].join('\n');
  return { ...message, icalEvent: invite(lead, booking, profile, `Call: ${lead.name} (${lead.company})`, description) };
}
