/**
 * The owner's busy times read from an ICS feed: recurring series (EXDATE, a moved and a cancelled instance), all-day
 * events as his own days, free and cancelled events, VTIMEZONE, UTC, floating times, and a change to summer time.
 * Every expected instant is worked out here by hand: Lisbon is UTC+0 until 2027-03-28 01:00 UTC, then UTC+1;
 * New York is UTC-4 from 2027-03-14.
 */
import assert from 'node:assert/strict';
import { before, describe, it } from 'node:test';
import { loadIcal } from '../../src/lib/ical';
import { busyTimes, busyTimesIn, readCalendar } from '../../src/booking/busyTimes';
import { calendar, FIXTURE_BUSY_IN_LISBON, FIXTURE_CALENDAR, vevent } from '../support/icsFeed';

// ical.js is loaded on first use by the site (src/lib/ical.ts): these tests call it directly.
before(() => loadIcal());

const WINDOW = { start: Date.parse('2027-03-22T00:00:00Z'), end: Date.parse('2027-04-06T00:00:00Z') };
const shown = (intervals: { start: number; end: number }[]) =>
  intervals.map(({ start, end }) => `${new Date(start).toISOString()} ${new Date(end).toISOString()}`);
const span = (start: string, end: string) => `${start.replace('Z', '.000Z')} ${end.replace('Z', '.000Z')}`;

describe('busy times: the fixture calendar', () => {
  it('for an owner in Lisbon', () => {
    assert.deepEqual(
      shown(busyTimes(FIXTURE_CALENDAR, WINDOW, 'Europe/Lisbon')),
      FIXTURE_BUSY_IN_LISBON.map(([start, end]) => span(start, end)),
    );
  });

  it('for an owner in New York: the all-day and floating events move with him, the rest stays', () => {
    assert.deepEqual(shown(busyTimes(FIXTURE_CALENDAR, WINDOW, 'America/New_York')), [
      span('2027-03-21T23:00:00Z', '2027-03-22T00:30:00Z'),
      span('2027-03-23T14:00:00Z', '2027-03-23T16:00:00Z'),
      span('2027-03-24T10:00:00Z', '2027-03-24T11:00:00Z'),
      // Midnight to midnight at UTC-4.
      span('2027-03-27T04:00:00Z', '2027-03-29T04:00:00Z'),
      span('2027-03-29T09:00:00Z', '2027-03-29T10:00:00Z'),
      span('2027-03-30T13:00:00Z', '2027-03-30T14:30:00Z'),
      span('2027-04-01T13:00:00Z', '2027-04-01T14:00:00Z'),
      span('2027-04-02T16:00:00Z', '2027-04-02T16:45:00Z'),
    ]);
  });

  it('gives the same from a calendar read once, asked again and for a window moved along', () => {
    const read = readCalendar(FIXTURE_CALENDAR);
    const once = busyTimes(FIXTURE_CALENDAR, WINDOW, 'Europe/Lisbon');
    assert.deepEqual(busyTimesIn(read, WINDOW, 'Europe/Lisbon'), once);
    assert.deepEqual(busyTimesIn(read, WINDOW, 'Europe/Lisbon'), once);
    const later = { start: Date.parse('2027-03-29T09:30:00Z'), end: Date.parse('2027-04-01T08:30:00Z') };
    assert.deepEqual(shown(busyTimesIn(read, later, 'Europe/Lisbon')), [
      span('2027-03-29T09:00:00Z', '2027-03-29T10:00:00Z'),
      span('2027-03-30T13:00:00Z', '2027-03-30T14:30:00Z'),
      span('2027-04-01T08:00:00Z', '2027-04-01T09:00:00Z'),
    ]);
  });
});

describe('busy times: single rules', () => {
  const only = (window: { start: number; end: number }, zone: string, ...events: string[]) =>
    shown(busyTimes(calendar(...events), window, zone));
  const day = (date: string) => ({
    start: Date.parse(`${date}T00:00:00Z`),
    end: Date.parse(`${date}T00:00:00Z`) + 86_400_000 * 2,
  });

  it('an event across the change to summer time lasts its real length (00:30 WET to 02:30 WEST is one hour)', () => {
    const crossing = vevent('DTSTART;TZID=Europe/Lisbon:20270328T003000', 'DTEND;TZID=Europe/Lisbon:20270328T023000');
    assert.deepEqual(only(day('2027-03-28'), 'UTC', crossing), [span('2027-03-28T00:30:00Z', '2027-03-28T01:30:00Z')]);
  });

  it('a daily series in Lisbon keeps 09:00 local across the change back to winter time (25 October 2026)', () => {
    const daily = vevent(
      'DTSTART;TZID=Europe/Lisbon:20100104T090000',
      'DTEND;TZID=Europe/Lisbon:20100104T093000',
      'RRULE:FREQ=DAILY',
    );
    const window = { start: Date.parse('2026-10-24T00:00:00Z'), end: Date.parse('2026-10-26T00:00:00Z') };
    assert.deepEqual(only(window, 'UTC', daily), [
      span('2026-10-24T08:00:00Z', '2026-10-24T08:30:00Z'),
      span('2026-10-25T09:00:00Z', '2026-10-25T09:30:00Z'),
    ]);
  });

  it('a TZID no VTIMEZONE defines is read as the IANA zone it names', () => {
    const nyc = vevent('DTSTART;TZID=America/New_York:20270401T090000', 'DTEND;TZID=America/New_York:20270401T100000');
    assert.deepEqual(only(day('2027-04-01'), 'Europe/Lisbon', nyc), [
      span('2027-04-01T13:00:00Z', '2027-04-01T14:00:00Z'),
    ]);
  });

  it('an all-day event with no end blocks its one day; a weekly all-day series each of its days', () => {
    const single = vevent('DTSTART;VALUE=DATE:20270401');
    const weekly = vevent('DTSTART;VALUE=DATE:20270301', 'RRULE:FREQ=WEEKLY;COUNT=10', 'EXDATE;VALUE=DATE:20270329');
    const window = { start: Date.parse('2027-03-21T00:00:00Z'), end: Date.parse('2027-04-06T00:00:00Z') };
    assert.deepEqual(only(window, 'Europe/Lisbon', single, weekly), [
      // Monday 22 March, UTC+0.
      span('2027-03-22T00:00:00Z', '2027-03-23T00:00:00Z'),
      // 1 April, UTC+1; Monday 5 April too.
      span('2027-03-31T23:00:00Z', '2027-04-01T23:00:00Z'),
      span('2027-04-04T23:00:00Z', '2027-04-05T23:00:00Z'),
    ]);
  });

  it('a series every minute since 2000 ends its reading, counting what it did not read as busy', () => {
    const minutely = vevent('DTSTART:20000101T000000Z', 'DTEND:20000101T000030Z', 'RRULE:FREQ=MINUTELY');
    const started = performance.now();
    const window = day('2027-04-01');
    const busy = busyTimes(calendar(minutely), window, 'UTC');
    assert.equal(busy.length, 1);
    assert.ok(busy[0]!.start <= window.start && busy[0]!.end >= window.end, 'the whole window is busy');
    assert.ok(performance.now() - started < 5_000);
  });

  it('a cancelled or free series blocks nothing', () => {
    const series = (extra: string) =>
      vevent('DTSTART:20270301T100000Z', 'DTEND:20270301T110000Z', 'RRULE:FREQ=DAILY', extra);
    assert.deepEqual(only(day('2027-04-01'), 'UTC', series('STATUS:CANCELLED'), series('TRANSP:TRANSPARENT')), []);
  });
});

describe('busy times: what is not a calendar', () => {
  it('throws an Error saying the feed is not iCalendar data', () => {
    assert.throws(() => busyTimes('<html>Sign in</html>', WINDOW, 'UTC'), /calendar feed/);
    assert.throws(() => busyTimes('', WINDOW, 'UTC'), /calendar feed/);
    assert.throws(() => busyTimes('BEGIN:VEVENT\r\nEND:VEVENT\r\n', WINDOW, 'UTC'), /calendar feed/);
    assert.throws(() => busyTimes(calendar(vevent('SUMMARY:no start')), WINDOW, 'UTC'), /calendar feed.*DTSTART/);
    assert.throws(() => busyTimes(calendar(vevent('DTSTART:2027-garbage')), WINDOW, 'UTC'), /calendar feed/);
  });
});

describe('busy times: a series changed from one instance on (RANGE=THISANDFUTURE)', () => {
  const only = (window: { start: number; end: number }, zone: string, ...events: string[]) =>
    shown(busyTimes(calendar(...events), window, zone));
  // Mondays 10:00-11:00 UTC from 1 March 2027.
  const mondays = vevent(
    'UID:mondays@test',
    'DTSTART:20270301T100000Z',
    'DTEND:20270301T110000Z',
    'RRULE:FREQ=WEEKLY;BYDAY=MO',
  );
  const MARCH = { start: Date.parse('2027-03-01T00:00:00Z'), end: Date.parse('2027-04-06T00:00:00Z') };

  it('moves that instance and every later one to the new time and length; one of them moved again alone', () => {
    // From 15 March on: 15:00-16:30. Then 29 March's instance (by its original time) alone to Tuesday 09:00-09:30.
    const fromThisOn = vevent(
      'UID:mondays@test',
      'RECURRENCE-ID;RANGE=THISANDFUTURE:20270315T100000Z',
      'DTSTART:20270315T150000Z',
      'DTEND:20270315T163000Z',
    );
    const single = vevent(
      'UID:mondays@test',
      'RECURRENCE-ID:20270329T100000Z',
      'DTSTART:20270330T090000Z',
      'DTEND:20270330T093000Z',
    );
    assert.deepEqual(only(MARCH, 'UTC', mondays, fromThisOn, single), [
      span('2027-03-01T10:00:00Z', '2027-03-01T11:00:00Z'),
      span('2027-03-08T10:00:00Z', '2027-03-08T11:00:00Z'),
      span('2027-03-15T15:00:00Z', '2027-03-15T16:30:00Z'),
      span('2027-03-22T15:00:00Z', '2027-03-22T16:30:00Z'),
      span('2027-03-30T09:00:00Z', '2027-03-30T09:30:00Z'),
      span('2027-04-05T15:00:00Z', '2027-04-05T16:30:00Z'),
    ]);
  });

  it('cancelled from one instance on, the later ones block nothing', () => {
    const cancelled = vevent(
      'UID:mondays@test',
      'RECURRENCE-ID;RANGE=THISANDFUTURE:20270322T100000Z',
      'DTSTART:20270322T100000Z',
      'DTEND:20270322T110000Z',
      'STATUS:CANCELLED',
    );
    assert.deepEqual(only(MARCH, 'UTC', mondays, cancelled), [
      span('2027-03-01T10:00:00Z', '2027-03-01T11:00:00Z'),
      span('2027-03-08T10:00:00Z', '2027-03-08T11:00:00Z'),
      span('2027-03-15T10:00:00Z', '2027-03-15T11:00:00Z'),
    ]);
  });

  it('moved two days earlier, an instance from past the window lands in it', () => {
    // From 15 March on, Saturdays before: Monday 29 March's instance is Saturday 27 March's.
    const earlier = vevent(
      'UID:mondays@test',
      'RECURRENCE-ID;RANGE=THISANDFUTURE:20270315T100000Z',
      'DTSTART:20270313T100000Z',
      'DTEND:20270313T110000Z',
    );
    const saturday = { start: Date.parse('2027-03-27T00:00:00Z'), end: Date.parse('2027-03-28T00:00:00Z') };
    assert.deepEqual(only(saturday, 'UTC', mondays, earlier), [span('2027-03-27T10:00:00Z', '2027-03-27T11:00:00Z')]);
  });

  it('keeps the new wall time in his zone across the change to summer time (Lisbon, 28 March 2027)', () => {
    const lisbon = vevent(
      'UID:lisbon-mondays@test',
      'DTSTART;TZID=Europe/Lisbon:20270301T100000',
      'DTEND;TZID=Europe/Lisbon:20270301T110000',
      'RRULE:FREQ=WEEKLY;BYDAY=MO',
    );
    const afternoons = vevent(
      'UID:lisbon-mondays@test',
      'RECURRENCE-ID;RANGE=THISANDFUTURE;TZID=Europe/Lisbon:20270322T100000',
      'DTSTART;TZID=Europe/Lisbon:20270322T140000',
      'DTEND;TZID=Europe/Lisbon:20270322T150000',
    );
    const window = { start: Date.parse('2027-03-22T00:00:00Z'), end: Date.parse('2027-03-30T00:00:00Z') };
    assert.deepEqual(only(window, 'Europe/Lisbon', lisbon, afternoons), [
      // 22 March: 14:00 WET is 14:00 UTC; 29 March: 14:00 WEST is 13:00 UTC.
      span('2027-03-22T14:00:00Z', '2027-03-22T15:00:00Z'),
      span('2027-03-29T13:00:00Z', '2027-03-29T14:00:00Z'),
    ]);
  });
});
