/**
 * The busy times of a window do not depend on how the window was cut: asked for a few days anywhere in a year, in
 * any zone, from a calendar read afresh or from one asked many times before, they are those of a window spanning
 * the whole calendar, cut to the few days. A narrow window reaches back for occurrences begun before it, passes
 * over events far from it, and reuses what earlier windows expanded; the wide one does none of that at its edges.
 * (Both expand a series in the same stretches of days: where a stretch of a long series starts is checked against
 * hand-worked times in busyTimesEdges.test.ts.)
 *
 * The windows are drawn from a seeded generator: a failure prints its seed and window, and BUSY_WINDOWS_SEED=<seed>
 * replays it.
 */
import assert from 'node:assert/strict';
import { before, describe, it } from 'node:test';
import { busyTimesIn, readCalendar } from '../../src/booking/busyTimes';
import { loadIcal } from '../../src/lib/ical';
import { calendar, vevent } from '../support/icsFeed';
import { mulberry32 } from '../support/slotsReference';

before(() => loadIcal());

type Span = { start: number; end: number };
const LISBON = 'TZID=Europe/Lisbon';

const CALENDAR = calendar(
  // Mondays, Wednesdays and Fridays 10:00-11:00 in Lisbon since January 2026, two instances taken out, one moved,
  // and from 1 June 2027 on, each at 15:00 for 90 minutes.
  vevent(
    'UID:mwf@test',
    `DTSTART;${LISBON}:20260105T100000`,
    `DTEND;${LISBON}:20260105T110000`,
    'RRULE:FREQ=WEEKLY;BYDAY=MO,WE,FR',
    `EXDATE;${LISBON}:20261225T100000,20270101T100000`,
  ),
  vevent(
    'UID:mwf@test',
    `RECURRENCE-ID;${LISBON}:20270310T100000`,
    `DTSTART;${LISBON}:20270311T080000`,
    `DTEND;${LISBON}:20270311T090000`,
  ),
  vevent(
    'UID:mwf@test',
    `RECURRENCE-ID;RANGE=THISANDFUTURE;${LISBON}:20270602T100000`,
    `DTSTART;${LISBON}:20270602T150000`,
    `DTEND;${LISBON}:20270602T163000`,
  ),
  // Every other day 07:00-07:45 UTC until September 2027.
  vevent('DTSTART:20260201T070000Z', 'DTEND:20260201T074500Z', 'RRULE:FREQ=DAILY;INTERVAL=2;UNTIL=20270901T000000Z'),
  // Fridays, all day, every three weeks.
  vevent('DTSTART;VALUE=DATE:20260102', 'RRULE:FREQ=WEEKLY;INTERVAL=3'),
  // Tuesdays 16:00 for 90 minutes in New York (no VTIMEZONE for it: read as the IANA zone).
  vevent('DTSTART;TZID=America/New_York:20260106T160000', 'DURATION:PT90M', 'RRULE:FREQ=WEEKLY;BYDAY=TU'),
  // The 15th of each month, 12:00-14:00 floating (his own zone's clock).
  vevent('DTSTART:20260115T120000', 'DTEND:20260115T140000', 'RRULE:FREQ=MONTHLY;BYMONTHDAY=15'),
  // A night flight over the change to summer time, and a week away.
  vevent('DTSTART:20270327T220000Z', 'DTEND:20270328T060000Z'),
  vevent('DTSTART;VALUE=DATE:20270809', 'DTEND;VALUE=DATE:20270816'),
);

const WIDE = { start: Date.parse('2025-12-01T00:00:00Z'), end: Date.parse('2028-01-01T00:00:00Z') };
const ZONES = ['Europe/Lisbon', 'Asia/Kolkata', 'America/Sao_Paulo'];

/** The spans cut to the window, touching ones joined: the time in the window that is busy. */
function within(spans: Span[], window: Span): Span[] {
  const out: Span[] = [];
  for (const span of spans) {
    const start = Math.max(span.start, window.start);
    const end = Math.min(span.end, window.end);
    if (end <= start) continue;
    const last = out.at(-1);
    if (last && start <= last.end) last.end = Math.max(last.end, end);
    else out.push({ start, end });
  }
  return out;
}

const iso = (time: number) => new Date(time).toISOString();

describe('busy times: the same whatever the window', () => {
  const seed = Number(process.env.BUSY_WINDOWS_SEED ?? 20_261_128);

  for (const zone of ZONES) {
    it(`in ${zone}: 40 windows of 1 to 21 days across 2027, fresh and from a calendar asked before`, () => {
      const random = mulberry32(seed + ZONES.indexOf(zone));
      const whole = busyTimesIn(readCalendar(CALENDAR), WIDE, zone);
      const warm = readCalendar(CALENDAR);
      for (let i = 0; i < 40; i += 1) {
        const start = Date.parse('2026-12-01T00:00:00Z') + Math.floor(random() * 365 * 96) * 15 * 60_000;
        const window = { start, end: start + Math.ceil(random() * 21 * 24) * 3_600_000 };
        const replay = `seed ${seed}, window ${i} (${iso(window.start)} to ${iso(window.end)}), ${zone}`;
        const fresh = busyTimesIn(readCalendar(CALENDAR), window, zone);
        for (const span of fresh)
          assert.ok(span.end > window.start && span.start < window.end, `a span outside the window: ${replay}`);
        const expected = within(whole, window).map(({ start, end }) => `${iso(start)} ${iso(end)}`);
        const shown = (spans: Span[]) => within(spans, window).map(({ start, end }) => `${iso(start)} ${iso(end)}`);
        assert.deepEqual(shown(fresh), expected, `read afresh: ${replay}`);
        assert.deepEqual(shown(busyTimesIn(warm, window, zone)), expected, `asked before: ${replay}`);
      }
    });
  }

  it('the wide window has what the calendar says: the moved instance, the later ones at 15:00, the week away', () => {
    const whole = busyTimesIn(readCalendar(CALENDAR), WIDE, 'Europe/Lisbon').map(
      ({ start, end }) => `${iso(start)} ${iso(end)}`,
    );
    assert.ok(whole.includes('2027-03-11T08:00:00.000Z 2027-03-11T09:00:00.000Z'), 'the moved instance');
    assert.ok(!whole.some((span) => span.startsWith('2027-03-10T09:00')), 'not where it was');
    assert.ok(whole.includes('2027-06-04T14:00:00.000Z 2027-06-04T15:30:00.000Z'), 'a later one at 15:00 WEST');
    assert.ok(!whole.some((span) => span.startsWith('2027-06-04T09:00')), 'not at 10:00 any more');
    assert.ok(whole.includes('2027-08-08T23:00:00.000Z 2027-08-15T23:00:00.000Z'), 'the week away, in his days');
    assert.ok(!whole.some((span) => span.startsWith('2026-12-25T10:00')), 'Christmas taken out');
  });
});
