/**
 * A feed's text expanded in its own process, as the server does it: a series whose rule ical.js would look for a
 * next time for minutes is refused at once with the rule named, and the owner reads why on his Booking page.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { expandInProcess } from '../../src/booking/feedExpansion';
import { calendar, vevent } from '../support/icsFeed';

const span = { start: Date.parse('2026-11-28T00:00:00Z'), end: Date.parse('2026-12-20T00:00:00Z') };

describe('a calendar expanded in its own process', () => {
  it('gives the busy times of a series', async () => {
    const weekly = vevent('DTSTART:20261130T090000Z', 'DTEND:20261130T100000Z', 'RRULE:FREQ=WEEKLY;COUNT=2');
    assert.deepEqual(await expandInProcess(calendar(weekly), span, 'UTC'), [
      { start: Date.parse('2026-11-30T09:00:00Z'), end: Date.parse('2026-11-30T10:00:00Z') },
      { start: Date.parse('2026-12-07T09:00:00Z'), end: Date.parse('2026-12-07T10:00:00Z') },
    ]);
  });

  it('refuses at once a series ical.js would search for minutes, naming its rule (not "took too long")', async () => {
    // Left to ical.js, this rule holds the process for three minutes, its memory growing, until it throws.
    const endless = vevent('DTSTART:20200101T100000Z', 'DTEND:20200101T110000Z', 'RRULE:FREQ=DAILY;BYDAY=1MO');
    await assert.rejects(expandInProcess(calendar(endless), span, 'UTC'), {
      message:
        "the calendar feed has an event that cannot be read: an event's RRULE (FREQ=DAILY;BYDAY=1MO) cannot be " +
        'expanded: a numbered weekday (1MO) repeats only in a MONTHLY or YEARLY rule',
    });
  });

  it("says ical.js's own error is the feed's, for the owner to read", async () => {
    const hourlyAllDay = vevent('DTSTART;VALUE=DATE:20200101', 'RRULE:FREQ=HOURLY;INTERVAL=7');
    await assert.rejects(expandInProcess(calendar(hourlyAllDay), span, 'UTC'), {
      message:
        'the calendar feed has an event that cannot be expanded: Same occurrence found twice, protecting you from ' +
        'death by recursion',
    });
  });

  it('refuses at once a time zone whose changes repeat other than yearly, naming it', async () => {
    // Left to ical.js, a zone changing every second is expanded second by second from 1970 on.
    const zone = [
      'BEGIN:VTIMEZONE',
      'TZID:Office Time',
      'BEGIN:STANDARD',
      'DTSTART:19701025T030000',
      'RRULE:FREQ=SECONDLY',
      'TZOFFSETFROM:+0100',
      'TZOFFSETTO:+0000',
      'END:STANDARD',
      'END:VTIMEZONE',
    ].join('\r\n');
    const event = vevent('DTSTART;TZID=Office Time:20261201T100000', 'DTEND;TZID=Office Time:20261201T110000');
    await assert.rejects(expandInProcess(calendar(zone, event), span, 'UTC'), {
      message:
        "the calendar feed has a time zone that cannot be read: Office Time's RRULE (FREQ=SECONDLY) cannot be " +
        "expanded: a time zone's changes repeat only yearly",
    });
  });
});
