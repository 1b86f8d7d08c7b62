/**
 * The owner's busy times at the edges of what a feed may hold: events marked busy in so many words, series made of
 * RDATEs alone, lengths given as DURATION, overrides with another RANGE than THISANDFUTURE or given out of order,
 * the error that names a broken property, and spans that only touch the window. Every expected instant is worked
 * out here by hand, in UTC.
 */
import assert from 'node:assert/strict';
import { before, describe, it } from 'node:test';
import { busyTimes } from '../../src/booking/busyTimes';
import { loadIcal } from '../../src/lib/ical';
import { calendar, vevent } from '../support/icsFeed';

before(() => loadIcal());

const DAY_MS = 86_400_000;
const days = (from: string, count: number) => ({ start: Date.parse(from), end: Date.parse(from) + count * DAY_MS });
const shown = (intervals: { start: number; end: number }[]) =>
  intervals.map(({ start, end }) => `${new Date(start).toISOString()} ${new Date(end).toISOString()}`);
const span = (start: string, end: string) => `${start.replace('Z', '.000Z')} ${end.replace('Z', '.000Z')}`;
const busy = (window: { start: number; end: number }, ...events: string[]) =>
  shown(busyTimes(calendar(...events), window, 'UTC'));

describe('busy times: what blocks and what does not', () => {
  it('an event marked opaque, confirmed or tentative blocks its time; free or cancelled in any case does not', () => {
    const at = (hour: string, ...extra: string[]) =>
      vevent(`DTSTART:20270401T${hour}0000Z`, `DTEND:20270401T${hour}3000Z`, ...extra);
    assert.deepEqual(
      busy(
        days('2027-04-01T00:00:00Z', 1),
        at('09', 'TRANSP:OPAQUE'),
        at('10', 'STATUS:CONFIRMED'),
        at('11', 'STATUS:TENTATIVE'),
        at('12', 'TRANSP:transparent'),
        at('13', 'STATUS:cancelled'),
      ),
      [
        span('2027-04-01T09:00:00Z', '2027-04-01T09:30:00Z'),
        span('2027-04-01T10:00:00Z', '2027-04-01T10:30:00Z'),
        span('2027-04-01T11:00:00Z', '2027-04-01T11:30:00Z'),
      ],
    );
  });

  it('a series of RDATEs without a rule blocks its first time and each date it lists', () => {
    const listed = vevent(
      'DTSTART:20270401T090000Z',
      'DTEND:20270401T100000Z',
      'RDATE:20270403T090000Z,20270405T090000Z',
    );
    assert.deepEqual(busy(days('2027-04-01T00:00:00Z', 7), listed), [
      span('2027-04-01T09:00:00Z', '2027-04-01T10:00:00Z'),
      span('2027-04-03T09:00:00Z', '2027-04-03T10:00:00Z'),
      span('2027-04-05T09:00:00Z', '2027-04-05T10:00:00Z'),
    ]);
  });

  it("a series of RDATEs given as periods blocks each period, by its end or its duration, not the event's length", () => {
    const periods = vevent(
      'DTSTART:20270401T090000Z',
      'DTEND:20270401T100000Z',
      'RDATE;VALUE=PERIOD:20270403T090000Z/20270403T120000Z,20270405T090000Z/PT2H30M',
    );
    assert.deepEqual(busy(days('2027-04-01T00:00:00Z', 7), periods), [
      span('2027-04-01T09:00:00Z', '2027-04-01T10:00:00Z'),
      span('2027-04-03T09:00:00Z', '2027-04-03T12:00:00Z'),
      span('2027-04-05T09:00:00Z', '2027-04-05T11:30:00Z'),
    ]);
  });

  it('a series whose start is off its rule (a Wednesday start of Thursdays) blocks that start too, unless excluded', () => {
    const rule = [
      'DTSTART:20270303T100000Z',
      'DTEND:20270303T110000Z',
      'RRULE:FREQ=WEEKLY;BYDAY=TH;UNTIL=20270312T000000Z',
    ];
    const window = days('2027-03-01T00:00:00Z', 14);
    assert.deepEqual(busy(window, vevent(...rule)), [
      span('2027-03-03T10:00:00Z', '2027-03-03T11:00:00Z'),
      span('2027-03-04T10:00:00Z', '2027-03-04T11:00:00Z'),
      span('2027-03-11T10:00:00Z', '2027-03-11T11:00:00Z'),
    ]);
    assert.deepEqual(busy(window, vevent(...rule, 'EXDATE:20270303T100000Z')), [
      span('2027-03-04T10:00:00Z', '2027-03-04T11:00:00Z'),
      span('2027-03-11T10:00:00Z', '2027-03-11T11:00:00Z'),
    ]);
    const allDay = ['DTSTART;VALUE=DATE:20270401', 'RDATE;VALUE=DATE:20270403'];
    assert.deepEqual(busy(days('2027-04-01T00:00:00Z', 7), vevent(...allDay, 'EXDATE;VALUE=DATE:20270401')), [
      span('2027-04-03T00:00:00Z', '2027-04-04T00:00:00Z'),
    ]);
  });

  it('a DURATION of days: a trip begun four days before the window still blocks it; all-day events their days', () => {
    const trip = vevent('DTSTART:20270328T090000Z', 'DURATION:P5D');
    assert.deepEqual(busy(days('2027-04-01T00:00:00Z', 2), trip), [
      span('2027-03-28T09:00:00Z', '2027-04-02T09:00:00Z'),
    ]);
    const threeDays = vevent('DTSTART;VALUE=DATE:20270405', 'DURATION:P3D');
    const aWeek = vevent('DTSTART;VALUE=DATE:20270412', 'DURATION:P1W');
    assert.deepEqual(busy(days('2027-04-04T00:00:00Z', 16), threeDays, aWeek), [
      span('2027-04-05T00:00:00Z', '2027-04-08T00:00:00Z'),
      span('2027-04-12T00:00:00Z', '2027-04-19T00:00:00Z'),
    ]);
  });

  it('gives no span that only touches the window', () => {
    const before = vevent('DTSTART:20270331T230000Z', 'DTEND:20270401T000000Z');
    const after = vevent('DTSTART:20270402T000000Z', 'DTEND:20270402T010000Z');
    const inside = vevent('DTSTART:20270401T120000Z', 'DTEND:20270401T130000Z');
    assert.deepEqual(busy(days('2027-04-01T00:00:00Z', 1), before, after, inside), [
      span('2027-04-01T12:00:00Z', '2027-04-01T13:00:00Z'),
    ]);
  });

  it('a daily series at midnight UTC blocks each of 40 days, whatever stretch of days each falls in', () => {
    const midnight = vevent('DTSTART:20260101T000000Z', 'DTEND:20260101T001500Z', 'RRULE:FREQ=DAILY');
    const window = days('2027-03-01T00:00:00Z', 40);
    const expected = Array.from({ length: 40 }, (_, i) =>
      shown([{ start: window.start + i * DAY_MS, end: window.start + i * DAY_MS + 15 * 60_000 }]),
    ).flat();
    assert.deepEqual(busy(window, midnight), expected);
  });
});

describe('busy times: a series begun long before the window', () => {
  it('every other day since 1 February 2026: in May 2027 the 11th, 13th and 15th (464 days on is an even count)', () => {
    const other = vevent('DTSTART:20260201T070000Z', 'DTEND:20260201T074500Z', 'RRULE:FREQ=DAILY;INTERVAL=2');
    assert.deepEqual(busy(days('2027-05-10T00:00:00Z', 6), other), [
      span('2027-05-11T07:00:00Z', '2027-05-11T07:45:00Z'),
      span('2027-05-13T07:00:00Z', '2027-05-13T07:45:00Z'),
      span('2027-05-15T07:00:00Z', '2027-05-15T07:45:00Z'),
    ]);
  });

  it('monthly on its start day (the 20th), not on a day whole weeks from it', () => {
    const monthly = vevent('DTSTART:20260120T090000Z', 'DTEND:20260120T100000Z', 'RRULE:FREQ=MONTHLY');
    assert.deepEqual(busy(days('2027-05-01T00:00:00Z', 31), monthly), [
      span('2027-05-20T09:00:00Z', '2027-05-20T10:00:00Z'),
    ]);
  });

  it('a weekly series of ten, long over, blocks nothing; one until a date, nothing after it', () => {
    const ten = vevent('DTSTART:20260105T090000Z', 'DTEND:20260105T100000Z', 'RRULE:FREQ=WEEKLY;COUNT=10');
    const until = vevent(
      'DTSTART:20260106T090000Z',
      'DTEND:20260106T100000Z',
      'RRULE:FREQ=WEEKLY;UNTIL=20270511T235959Z',
    );
    assert.deepEqual(busy(days('2027-05-01T00:00:00Z', 31), ten, until), [
      span('2027-05-04T09:00:00Z', '2027-05-04T10:00:00Z'),
      span('2027-05-11T09:00:00Z', '2027-05-11T10:00:00Z'),
    ]);
  });
});

describe('busy times: overrides of a series', () => {
  const mondays = ['UID:mondays@test', 'SUMMARY:Mondays'];
  const series = vevent(...mondays, 'DTSTART:20270301T100000Z', 'DTEND:20270301T110000Z', 'RRULE:FREQ=WEEKLY');
  const window = days('2027-03-01T00:00:00Z', 35);

  it('an override with RANGE=THISANDPRIOR (or any but THISANDFUTURE) moves its own instance only', () => {
    const prior = vevent(
      ...mondays,
      'RECURRENCE-ID;RANGE=THISANDPRIOR:20270315T100000Z',
      'DTSTART:20270315T140000Z',
      'DTEND:20270315T150000Z',
    );
    assert.deepEqual(busy(window, series, prior), [
      span('2027-03-01T10:00:00Z', '2027-03-01T11:00:00Z'),
      span('2027-03-08T10:00:00Z', '2027-03-08T11:00:00Z'),
      span('2027-03-15T14:00:00Z', '2027-03-15T15:00:00Z'),
      span('2027-03-22T10:00:00Z', '2027-03-22T11:00:00Z'),
      span('2027-03-29T10:00:00Z', '2027-03-29T11:00:00Z'),
    ]);
  });

  it('two changes "from this one on", listed latest first: each later instance follows the nearest before it', () => {
    // From 22 March: 15:00-16:00 (five hours later). From 8 March: 12:00-13:00 (two hours later).
    const fromThe22nd = vevent(
      ...mondays,
      'RECURRENCE-ID;RANGE=THISANDFUTURE:20270322T100000Z',
      'DTSTART:20270322T150000Z',
      'DTEND:20270322T160000Z',
    );
    const fromThe8th = vevent(
      ...mondays,
      'RECURRENCE-ID;RANGE=THISANDFUTURE:20270308T100000Z',
      'DTSTART:20270308T120000Z',
      'DTEND:20270308T130000Z',
    );
    assert.deepEqual(busy(window, series, fromThe22nd, fromThe8th), [
      span('2027-03-01T10:00:00Z', '2027-03-01T11:00:00Z'),
      span('2027-03-08T12:00:00Z', '2027-03-08T13:00:00Z'),
      span('2027-03-15T12:00:00Z', '2027-03-15T13:00:00Z'),
      span('2027-03-22T15:00:00Z', '2027-03-22T16:00:00Z'),
      span('2027-03-29T15:00:00Z', '2027-03-29T16:00:00Z'),
    ]);
  });
});

describe('busy times: a series moved days later from one instance on', () => {
  it("an instance from before the window lands on its first day (a day that starts one of the series' stretches)", () => {
    // Mondays 10:00-11:00 from 1 February 2027; from 8 February on, Wednesdays instead (two days later).
    const series = ['UID:moved-later@test'];
    const mondays = vevent(...series, 'DTSTART:20270201T100000Z', 'DTEND:20270201T110000Z', 'RRULE:FREQ=WEEKLY');
    const wednesdays = vevent(
      ...series,
      'RECURRENCE-ID;RANGE=THISANDFUTURE:20270208T100000Z',
      'DTSTART:20270210T100000Z',
      'DTEND:20270210T110000Z',
    );
    // Wednesday 3 March 2027 (20,880 days after 1 January 1970, a multiple of 16): Monday 1 March's instance, moved.
    assert.deepEqual(busy(days('2027-03-03T00:00:00Z', 1), mondays, wednesdays), [
      span('2027-03-03T10:00:00Z', '2027-03-03T11:00:00Z'),
    ]);
  });
});

describe('busy times: zones named by the calendar', () => {
  it("an Outlook zone name is read from the feed's own VTIMEZONE, not looked up as an IANA zone", () => {
    const outlook = [
      'BEGIN:VTIMEZONE',
      'TZID:W. Europe Standard Time',
      'BEGIN:STANDARD',
      'DTSTART:16010101T030000',
      'TZOFFSETFROM:+0200',
      'TZOFFSETTO:+0100',
      'RRULE:FREQ=YEARLY;BYDAY=-1SU;BYMONTH=10',
      'END:STANDARD',
      'BEGIN:DAYLIGHT',
      'DTSTART:16010101T020000',
      'TZOFFSETFROM:+0100',
      'TZOFFSETTO:+0200',
      'RRULE:FREQ=YEARLY;BYDAY=-1SU;BYMONTH=3',
      'END:DAYLIGHT',
      'END:VTIMEZONE',
    ].join('\r\n');
    const meeting = vevent(
      'DTSTART;TZID=W. Europe Standard Time:20270401T090000',
      'DTEND;TZID=W. Europe Standard Time:20270401T100000',
    );
    // 09:00 at UTC+2 (summer time since 28 March).
    assert.deepEqual(shown(busyTimes(calendar(outlook, meeting), days('2027-04-01T00:00:00Z', 1), 'UTC')), [
      span('2027-04-01T07:00:00Z', '2027-04-01T08:00:00Z'),
    ]);
  });
});

describe('busy times: a broken event', () => {
  it('names the property that is no date or time, for the owner to read on his Booking page', () => {
    const read =
      (...lines: string[]) =>
      () =>
        busyTimes(calendar(vevent(...lines)), days('2027-04-01T00:00:00Z', 1), 'UTC');
    assert.throws(read('DTSTART;VALUE=TEXT:soon'), {
      message: "the calendar feed has an event that cannot be read: an event's DTSTART is not a date or time",
    });
    assert.throws(read('DTSTART:20270401T090000Z', 'DTEND;VALUE=TEXT:later'), {
      message: "the calendar feed has an event that cannot be read: an event's DTEND is not a date or time",
    });
    assert.throws(read('SUMMARY:No start'), {
      message: 'the calendar feed has an event that cannot be read: an event has no start (DTSTART)',
    });
  });
});

describe('busy times: a feed as calendar apps read it, not as RFC 5545 writes it', () => {
  it('starts with a byte-order mark, or ends its lines with CR alone: its event blocks its time all the same', () => {
    const text = calendar(vevent('DTSTART:20270401T090000Z', 'DTEND:20270401T093000Z'));
    const window = days('2027-04-01T00:00:00Z', 1);
    const blocked = [span('2027-04-01T09:00:00Z', '2027-04-01T09:30:00Z')];
    assert.deepEqual(shown(busyTimes(`\uFEFF${text}`, window, 'UTC')), blocked);
    assert.deepEqual(shown(busyTimes(text.replaceAll('\r\n', '\r'), window, 'UTC')), blocked);
    assert.deepEqual(shown(busyTimes(`\uFEFF${text.replaceAll('\r\n', '\n')}`, window, 'UTC')), blocked);
  });
});
