/**
 * The calendar invite of a booked call (RFC 5545 with iTIP's methods, RFC 5546): REQUEST puts the call in the
 * recipient's calendar or moves it there, CANCEL takes it out. Every version of one booking has the same UID and a
 * higher SEQUENCE, so a calendar keeps the latest whatever order the e-mails arrive in. Times are written in UTC
 * (`Z`): no VTIMEZONE is needed, and each calendar shows them in its own zone. ical.js writes the text: it escapes
 * the values (`,` `;` `\` and line breaks), quotes the parameters and folds the lines at 75 octets (a continuation's
 * space included) with CRLF.
 */
import type ICAL from 'ical.js';
import { ical } from '../lib/ical';
import type { AlertBooking } from './alertSender';

export type InviteMethod = 'REQUEST' | 'CANCEL';

export interface InvitePerson {
  name: string;
  email: string;
}

export interface InviteInput {
  method: InviteMethod;
  booking: AlertBooking;
  organizer: InvitePerson;
  attendee: InvitePerson;
  summary: string;
  description: string;
}

export const INVITE_PRODID = '-//lead-alerts//booking//EN';

/** A UTC ISO time as an iCalendar UTC DATE-TIME (20261201T180000Z); throws on a value that is no time. */
function utcTime(isoTime: string): ICAL.Time {
  const date = new Date(isoTime);
  if (Number.isNaN(date.getTime())) throw new Error(`not a time: ${isoTime}`);
  return ical().Time.fromJSDate(date, true);
}

/**
 * A person's name as a CN parameter: one line, no double quotes (ical.js would write them as RFC 6868's `^'`,
 * which some calendars show as it is), at most 100 characters.
 */
function commonName(name: string): string {
  const flat = name
    .replace(/[\p{Cc}\u2028\u2029]+/gu, ' ')
    .replace(/"/g, "'")
    .replace(/\s{2,}/g, ' ')
    .trim();
  return [...flat].slice(0, 100).join('');
}

/** `mailto:` the address, without anything that could end the line. */
const mailto = (email: string) => `mailto:${email.replace(/[\p{Cc}\s]+/gu, '')}`;

/** The VCALENDAR text of the invite, CRLF line ends, the last line's included. */
export function inviteCalendar(input: InviteInput): string {
  const { method, booking, organizer, attendee } = input;
  const calendar = new (ical().Component)(['vcalendar', [], []]);
  calendar.addPropertyWithValue('prodid', INVITE_PRODID);
  calendar.addPropertyWithValue('version', '2.0');
  calendar.addPropertyWithValue('calscale', 'GREGORIAN');
  calendar.addPropertyWithValue('method', method);

  const event = new (ical().Component)('vevent');
  event.addPropertyWithValue('uid', booking.uid);
  event.addPropertyWithValue('sequence', booking.sequence);
  event.addPropertyWithValue('dtstamp', utcTime(booking.changedAt));
  event.addPropertyWithValue('dtstart', utcTime(booking.startsAt));
  event.addPropertyWithValue('dtend', utcTime(booking.endsAt));
  event.addPropertyWithValue('summary', input.summary);
  // A cancel has nothing to describe: an empty DESCRIPTION line is left out rather than shown as a blank note.
  if (input.description !== '') event.addPropertyWithValue('description', input.description);
  if (booking.meetingUrl !== '') event.addPropertyWithValue('location', booking.meetingUrl);
  const organizerProperty = event.addPropertyWithValue('organizer', mailto(organizer.email));
  organizerProperty.setParameter('cn', commonName(organizer.name));
  const attendeeProperty = event.addPropertyWithValue('attendee', mailto(attendee.email));
  attendeeProperty.setParameter('cn', commonName(attendee.name));
  attendeeProperty.setParameter('role', 'REQ-PARTICIPANT');
  attendeeProperty.setParameter('partstat', 'NEEDS-ACTION');
  attendeeProperty.setParameter('rsvp', 'TRUE');
  event.addPropertyWithValue('status', method === 'CANCEL' ? 'CANCELLED' : 'CONFIRMED');
  event.addPropertyWithValue('transp', 'OPAQUE');
  calendar.addSubcomponent(event);
  return `${folded(() => calendar.toString())}\r\n`;
}

/**
 * ical.js folds after 75 octets of content, so a continuation line, with its leading space, has 76: RFC 5545 says
 * 75 with the space. Its fold length is a setting of the module, set here for this call only (the stringify is
 * synchronous) and put back, so nothing else that uses ical.js sees it changed.
 */
function folded(write: () => string): string {
  const before = ical().foldLength;
  ical().foldLength = 74;
  try {
    return write();
  } finally {
    ical().foldLength = before;
  }
}
