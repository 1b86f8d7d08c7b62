/**
 * Booking for tests: turn it on with hours and a feed, send a verified lead and read its booking link, and read
 * back the invites the SMTP sink received (parsed with ical.js, as a calendar would).
 */
import ICAL from 'ical.js';
import { simpleParser } from 'mailparser';
import { CLI } from '../../src/ownerActions/activity';
import type { TestSite } from './site';
import type { SinkMessage } from './smtpSink';

/** Sets each key as `leads booking set KEY VALUE` would; throws on a refused value. */
export function setAvailability(site: Pick<TestSite, 'services'>, values: Record<string, string>): void {
  for (const [key, value] of Object.entries(values)) {
    const change = site.services.owner.booking.set(CLI, key, value);
    if (change.kind !== 'set') throw new Error(`booking set ${key}: ${change.error}`);
  }
}

/** The path of a booking URL: /book/T, /pt/book/T. */
export const pathOf = (url: string) => new URL(url).pathname;

export interface Invite {
  method: string;
  uid: string;
  sequence: number;
  status: string;
  organizer: string;
  /** The organizer's CN: the name the calendar shows. */
  organizerName: string;
  attendee: string;
  rsvp: string;
  start: string;
  end: string;
  location: string;
  description: string;
}

/** The calendar of an e-mail (its text/calendar part), as a calendar application reads it. */
export async function inviteOf(message: SinkMessage): Promise<Invite> {
  const mail = await simpleParser(message.raw);
  const part = mail.attachments.find((a) => /^(text\/calendar|application\/ics)/.test(a.contentType));
  const text = part?.content.toString('utf8');
  if (!text) throw new Error(`no text/calendar part in "${message.subject}"`);
  const calendar = new ICAL.Component(ICAL.parse(text));
  const event = calendar.getFirstSubcomponent('vevent');
  if (!event) throw new Error('no VEVENT');
  const value = (name: string) => String(event.getFirstPropertyValue(name) ?? '');
  const time = (name: string) => (event.getFirstPropertyValue(name) as ICAL.Time).toJSDate().toISOString();
  const attendee = event.getFirstProperty('attendee');
  return {
    method: String(calendar.getFirstPropertyValue('method')),
    uid: value('uid'),
    sequence: Number(value('sequence')),
    status: value('status'),
    organizer: value('organizer'),
    organizerName: String(event.getFirstProperty('organizer')?.getParameter('cn') ?? ''),
    attendee: String(attendee?.getFirstValue() ?? ''),
    rsvp: String(attendee?.getParameter('rsvp') ?? ''),
    start: time('dtstart'),
    end: time('dtend'),
    location: value('location'),
    description: value('description'),
  };
}
