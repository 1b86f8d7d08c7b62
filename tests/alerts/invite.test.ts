/**
 * The calendar invite of a booked call, read back with ical.js as a calendar would: its method, its UID and
 * SEQUENCE, who organizes and who is asked to answer, the time in UTC, the meeting room, and the cancel of the same
 * event.
 */
import assert from 'node:assert/strict';
import { before, describe, it } from 'node:test';
import { loadIcal } from '../../src/lib/ical';
import ICAL from 'ical.js';
import type { AlertBooking } from '../../src/alerts/alertSender';
import { type InviteInput, inviteCalendar } from '../../src/alerts/invite';

// ical.js is loaded on first use by the site (src/lib/ical.ts): these tests call it directly.
before(() => loadIcal());

const booking: AlertBooking = {
  uid: 'booking-42@anna.example',
  startsAt: '2026-12-01T18:00:00.000Z',
  endsAt: '2026-12-01T18:30:00.000Z',
  status: 'booked',
  sequence: 0,
  event: 'created',
  changedAt: '2026-11-20T09:15:30.000Z',
  meetingUrl: 'https://meet.example/anna-call?pwd=x,y;z',
  manageUrl: 'https://anna.example/booking/abc',
  visitorZone: 'Asia/Kolkata',
};

const input = (changes: Partial<InviteInput> = {}): InviteInput => ({
  method: 'REQUEST',
  booking,
  organizer: { name: 'Anna Berg', email: 'anna@anna.example' },
  attendee: { name: 'Ana Souza', email: 'ana@fintech.example' },
  summary: 'Call with Anna Berg',
  description: `Join the call: ${booking.meetingUrl}\nMove or cancel: ${booking.manageUrl}`,
  ...changes,
});

function parsed(text: string) {
  const calendar = new ICAL.Component(ICAL.parse(text));
  const event = calendar.getFirstSubcomponent('vevent');
  assert.ok(event, 'a VEVENT');
  return { calendar, event };
}

const utcIso = (value: unknown) => {
  assert.ok(value instanceof ICAL.Time, String(value));
  assert.equal(value.zone?.tzid, 'UTC');
  return value.toJSDate().toISOString();
};

describe('inviteCalendar', () => {
  it('writes a REQUEST a calendar reads back: method, UID, SEQUENCE, times in UTC, status', () => {
    const { calendar, event } = parsed(inviteCalendar(input()));
    assert.equal(calendar.getFirstPropertyValue('method'), 'REQUEST');
    assert.equal(calendar.getFirstPropertyValue('version'), '2.0');
    assert.ok(String(calendar.getFirstPropertyValue('prodid')).length > 0);
    assert.equal(calendar.getAllSubcomponents('vevent').length, 1);
    assert.equal(event.getFirstPropertyValue('uid'), 'booking-42@anna.example');
    assert.equal(event.getFirstPropertyValue('sequence'), 0);
    assert.equal(utcIso(event.getFirstPropertyValue('dtstart')), booking.startsAt);
    assert.equal(utcIso(event.getFirstPropertyValue('dtend')), booking.endsAt);
    assert.equal(utcIso(event.getFirstPropertyValue('dtstamp')), booking.changedAt);
    assert.equal(event.getFirstPropertyValue('status'), 'CONFIRMED');
    assert.equal(event.getFirstPropertyValue('summary'), 'Call with Anna Berg');
  });

  it('names the organizer and asks the attendee to answer', () => {
    const { event } = parsed(inviteCalendar(input()));
    const organizer = event.getFirstProperty('organizer');
    assert.equal(organizer?.getFirstValue(), 'mailto:anna@anna.example');
    assert.equal(organizer?.getParameter('cn'), 'Anna Berg');
    const attendees = event.getAllProperties('attendee');
    assert.equal(attendees.length, 1);
    const attendee = attendees[0];
    assert.equal(attendee?.getFirstValue(), 'mailto:ana@fintech.example');
    assert.equal(attendee?.getParameter('cn'), 'Ana Souza');
    assert.equal(attendee?.getParameter('rsvp'), 'TRUE');
    assert.equal(attendee?.getParameter('role'), 'REQ-PARTICIPANT');
    assert.equal(attendee?.getParameter('partstat'), 'NEEDS-ACTION');
  });

  it('carries the meeting link in LOCATION and DESCRIPTION, escaped and read back whole', () => {
    const text = inviteCalendar(input());
    const { event } = parsed(text);
    assert.equal(event.getFirstPropertyValue('location'), booking.meetingUrl);
    assert.ok(String(event.getFirstPropertyValue('description')).includes(booking.meetingUrl));
    assert.ok(String(event.getFirstPropertyValue('description')).includes('\nMove or cancel: '));
    assert.match(text, /LOCATION:https:\/\/meet\.example\/anna-call\?pwd=x\\,y\\;z\r\n/);
  });

  it('leaves LOCATION out when the owner set no meeting room', () => {
    const { event } = parsed(inviteCalendar(input({ booking: { ...booking, meetingUrl: '' } })));
    assert.equal(event.getFirstProperty('location'), null);
  });

  it('ends every line with CRLF and folds long ones at 75 octets', () => {
    const text = inviteCalendar(input({ description: `A long description. ${'x'.repeat(200)}` }));
    assert.ok(text.endsWith('END:VCALENDAR\r\n'));
    assert.ok(!/[^\r]\n/.test(text), 'a bare LF');
    for (const line of text.split('\r\n')) assert.ok(Buffer.byteLength(line) <= 75, line);
    assert.match(text, /\r\n x/);
  });

  it('keeps a name with quotes, commas and line breaks to one readable CN', () => {
    const { event } = parsed(
      inviteCalendar(input({ attendee: { name: 'Ana "A" Souza,\r\nBEGIN:VALARM; x', email: 'ana@fintech.example' } })),
    );
    assert.equal(event.getFirstProperty('attendee')?.getParameter('cn'), "Ana 'A' Souza, BEGIN:VALARM; x");
    assert.equal(event.getAllSubcomponents('valarm').length, 0);
  });

  it('writes a CANCEL of the same event: same UID, its own SEQUENCE, STATUS:CANCELLED', () => {
    const cancelled: AlertBooking = { ...booking, status: 'cancelled', event: 'cancelled', sequence: 2 };
    const text = inviteCalendar(input({ method: 'CANCEL', booking: cancelled }));
    assert.match(text, /\r\nMETHOD:CANCEL\r\n/);
    const { calendar, event } = parsed(text);
    assert.equal(calendar.getFirstPropertyValue('method'), 'CANCEL');
    assert.equal(event.getFirstPropertyValue('uid'), booking.uid);
    assert.equal(event.getFirstPropertyValue('sequence'), 2);
    assert.equal(event.getFirstPropertyValue('status'), 'CANCELLED');
    assert.equal(utcIso(event.getFirstPropertyValue('dtstart')), booking.startsAt);
  });

  it('writes exactly this text, CRLF line ends and all', () => {
    const text = inviteCalendar(
      input({ booking: { ...booking, meetingUrl: 'https://meet.example/anna' }, description: 'Join the call' }),
    );
    assert.equal(
      text,
      [
        'BEGIN:VCALENDAR',
        'PRODID:-//lead-alerts//booking//EN',
        'VERSION:2.0',
        'CALSCALE:GREGORIAN',
        'METHOD:REQUEST',
        'BEGIN:VEVENT',
        'UID:booking-42@anna.example',
        'SEQUENCE:0',
        'DTSTAMP:20261120T091530Z',
        'DTSTART:20261201T180000Z',
        'DTEND:20261201T183000Z',
        'SUMMARY:Call with Anna Berg',
        'DESCRIPTION:Join the call',
        'LOCATION:https://meet.example/anna',
        'ORGANIZER;CN=Anna Berg:mailto:anna@anna.example',
        'ATTENDEE;CN=Ana Souza;ROLE=REQ-PARTICIPANT;PARTSTAT=NEEDS-ACTION;RSVP=TRUE',
        ' :mailto:ana@fintech.example',
        'STATUS:CONFIRMED',
        'TRANSP:OPAQUE',
        'END:VEVENT',
        'END:VCALENDAR',
        '',
      ].join('\r\n'),
    );
  });

  it('leaves DESCRIPTION out when there is nothing to describe', () => {
    const text = inviteCalendar(input({ description: '' }));
    assert.ok(!text.includes('DESCRIPTION'), text);
    assert.equal(parsed(text).event.getFirstProperty('description'), null);
  });

  it('writes a name on one line with single spaces, cut at 100 characters, and an address without spaces', () => {
    const { event } = parsed(
      inviteCalendar(
        input({
          organizer: { name: ' Anna\t\t\u2028Berg ', email: 'anna@anna.example' },
          attendee: { name: `${'é'.repeat(99)}xyz`, email: ' ana@fin\ttech.example\r\n' },
        }),
      ),
    );
    assert.equal(event.getFirstProperty('organizer')?.getParameter('cn'), 'Anna Berg');
    assert.equal(event.getFirstProperty('attendee')?.getParameter('cn'), `${'é'.repeat(99)}x`);
    assert.equal(event.getFirstProperty('attendee')?.getFirstValue(), 'mailto:ana@fintech.example');
  });

  it("folds its own lines without changing ical.js's fold length for anything else", () => {
    const before = ICAL.foldLength;
    inviteCalendar(input({ description: 'x'.repeat(300) }));
    assert.equal(ICAL.foldLength, before);
  });

  it('refuses a time that is no time', () => {
    assert.throws(() => inviteCalendar(input({ booking: { ...booking, startsAt: 'soon' } })), /not a time/);
  });
});
