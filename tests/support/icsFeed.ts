/**
 * Calendar feeds for the booking tests: ICS text built from events' lines (the fixture calendar, and a large
 * one for the benchmark), and a stand-in feed on 127.0.0.1 that serves it, answers an error, or never answers.
 */
import type { ServerResponse } from 'node:http';
import { type StandIn, startStandIn } from './httpStandIn';

/** Europe/Lisbon as calendars define it: WET (UTC+0), WEST (UTC+1) from the last Sunday of March at 01:00 UTC. */
export const LISBON_VTIMEZONE = [
  'BEGIN:VTIMEZONE',
  'TZID:Europe/Lisbon',
  'BEGIN:DAYLIGHT',
  'TZOFFSETFROM:+0000',
  'TZOFFSETTO:+0100',
  'TZNAME:WEST',
  'DTSTART:19700329T010000',
  'RRULE:FREQ=YEARLY;BYMONTH=3;BYDAY=-1SU',
  'END:DAYLIGHT',
  'BEGIN:STANDARD',
  'TZOFFSETFROM:+0100',
  'TZOFFSETTO:+0000',
  'TZNAME:WET',
  'DTSTART:19701025T020000',
  'RRULE:FREQ=YEARLY;BYMONTH=10;BYDAY=-1SU',
  'END:STANDARD',
  'END:VTIMEZONE',
].join('\r\n');

let uids = 0;

/** One VEVENT from its own lines (DTSTART, DTEND, RRULE...); a UID is added unless given. */
export function vevent(...lines: string[]): string {
  const uid = lines.some((line) => line.startsWith('UID:')) ? [] : [`UID:event-${++uids}@test`];
  return ['BEGIN:VEVENT', ...uid, 'DTSTAMP:20260101T000000Z', ...lines, 'END:VEVENT'].join('\r\n');
}

/** A VCALENDAR of these events, with Lisbon's VTIMEZONE. */
export function calendar(...events: string[]): string {
  return ['BEGIN:VCALENDAR', 'VERSION:2.0', 'PRODID:-//test//booking//EN', LISBON_VTIMEZONE, ...events, 'END:VCALENDAR']
    .join('\r\n')
    .concat('\r\n');
}

const LISBON = 'TZID=Europe/Lisbon';

/**
 * The fixture calendar, for a window of 2027-03-22 to 2027-04-06 (Lisbon moves to summer time on Sunday
 * 2027-03-28 at 01:00 UTC). Each event's comment says what it blocks; the tests work the instants out again.
 */
export const FIXTURE_CALENDAR = calendar(
  // Mondays and Wednesdays 10:00-11:00 Lisbon, from Monday 2027-03-01; 5 April taken out.
  vevent(
    'UID:weekly@test',
    'SUMMARY:Weekly meeting',
    `DTSTART;${LISBON}:20270301T100000`,
    `DTEND;${LISBON}:20270301T110000`,
    'RRULE:FREQ=WEEKLY;BYDAY=MO,WE',
    `EXDATE;${LISBON}:20270405T100000`,
  ),
  // Monday 22 March's meeting moved to Tuesday 23 March, 14:00-15:00 Lisbon.
  vevent(
    'UID:weekly@test',
    `RECURRENCE-ID;${LISBON}:20270322T100000`,
    `DTSTART;${LISBON}:20270323T140000`,
    `DTEND;${LISBON}:20270323T150000`,
  ),
  // Wednesday 31 March's meeting cancelled.
  vevent(
    'UID:weekly@test',
    `RECURRENCE-ID;${LISBON}:20270331T100000`,
    `DTSTART;${LISBON}:20270331T100000`,
    `DTEND;${LISBON}:20270331T110000`,
    'STATUS:CANCELLED',
  ),
  // Overlaps the moved meeting: 14:30-16:00 UTC.
  vevent('DTSTART:20270323T143000Z', 'DTEND:20270323T160000Z'),
  // Saturday 27 and Sunday 28 March, all day, in the owner's zone: across the change to summer time.
  vevent('SUMMARY:Away', 'DTSTART;VALUE=DATE:20270327', 'DTEND;VALUE=DATE:20270329'),
  vevent('SUMMARY:Free', 'DTSTART:20270325T150000Z', 'DTEND:20270325T160000Z', 'TRANSP:TRANSPARENT'),
  vevent('SUMMARY:Called off', 'DTSTART:20270325T120000Z', 'DTEND:20270325T130000Z', 'STATUS:CANCELLED'),
  vevent('SUMMARY:UTC', 'DTSTART:20270330T130000Z', 'DTEND:20270330T143000Z'),
  // Floating: 09:00-10:00 wherever the owner is.
  vevent('SUMMARY:Floating', 'DTSTART:20270401T090000', 'DTEND:20270401T100000'),
  vevent('SUMMARY:Duration', 'DTSTART:20270402T160000Z', 'DURATION:PT45M'),
  // A date-time with neither DTEND nor DURATION takes no time.
  vevent('SUMMARY:Reminder', 'DTSTART:20270402T180000Z'),
  // Begins before the window and ends in it; and one that begins as the window ends.
  vevent('DTSTART:20270321T230000Z', 'DTEND:20270322T003000Z'),
  vevent('DTSTART:20270406T000000Z', 'DTEND:20270406T010000Z'),
);

const stamp = (ms: number) =>
  new Date(ms)
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '');
const dateOf = (ms: number) => stamp(ms).slice(0, 8);

/**
 * n events from `start`, about six a day: every tenth a weekly series (Lisbon time, begun a year before), every
 * seventh otherwise an all-day event, the rest single events in UTC, 30 to 60 minutes long, in working hours.
 * The same text for the same arguments.
 */
export function bigCalendar(n: number, start: Date): string {
  const events: string[] = [];
  const from = start.getTime();
  for (let i = 0; i < n; i += 1) {
    const days = Math.ceil(n / 6);
    const at = from + ((i * 7_919) % days) * 86_400_000 + (8 + (i % 9)) * 3_600_000 + (i % 4) * 900_000;
    if (i % 10 === 0) {
      const first = stamp(at - 364 * 86_400_000).slice(0, 15);
      const end = stamp(at - 364 * 86_400_000 + 3_600_000).slice(0, 15);
      events.push(
        vevent(`DTSTART;${LISBON}:${first}`, `DTEND;${LISBON}:${end}`, 'RRULE:FREQ=WEEKLY;BYDAY=MO,TH;INTERVAL=1'),
      );
    } else if (i % 7 === 0) {
      events.push(vevent(`DTSTART;VALUE=DATE:${dateOf(at)}`, `DTEND;VALUE=DATE:${dateOf(at + 86_400_000)}`));
    } else {
      events.push(vevent(`DTSTART:${stamp(at)}`, `DTEND:${stamp(at + 1_800_000 + (i % 3) * 900_000)}`));
    }
  }
  return calendar(...events);
}

export interface IcsFeed extends StandIn {
  /** The feed's address, its secret in the path. */
  feedUrl: string;
  /** What it does from now on: serve this text, answer this status, or never answer. */
  serve(text: string): void;
  fail(status: number): void;
  hang(): void;
  /** Keeps its answers until the returned function is called, then gives each (what it served before). */
  hold(): () => void;
  /** How many reads it has been asked for. */
  reads(): number;
}

/** A calendar feed on 127.0.0.1 serving `text` until told otherwise. */
export async function startIcsFeed(text: string): Promise<IcsFeed> {
  let answer: (res: ServerResponse) => void = () => {};
  const serveText = (body: string) => (res: ServerResponse) => {
    res.writeHead(200, { 'Content-Type': 'text/calendar; charset=utf-8' });
    res.end(body);
  };
  answer = serveText(text);
  let reads = 0;
  const standIn = await startStandIn((_req, res) => {
    reads += 1;
    answer(res);
  });
  return Object.assign(standIn, {
    feedUrl: `${standIn.url}/calendar/private-s3cr3t-token/basic.ics`,
    serve: (body: string) => void (answer = serveText(body)),
    fail: (status: number) =>
      void (answer = (res) => {
        res.writeHead(status);
        res.end('no');
      }),
    hang: () => void (answer = () => {}),
    hold: () => {
      const serving = answer;
      const held: ServerResponse[] = [];
      answer = (res) => void held.push(res);
      return () => {
        answer = serving;
        for (const res of held.splice(0)) serving(res);
      };
    },
    reads: () => reads,
  });
}

/**
 * The fixture calendar's busy times over its window for an owner in Lisbon, worked out by hand from each event's
 * rules (UTC starts and ends): what the busy times and the slots' tests expect.
 */
export const FIXTURE_BUSY_IN_LISBON: [string, string][] = [
  // Begins before the window: kept whole.
  ['2027-03-21T23:00:00Z', '2027-03-22T00:30:00Z'],
  // Monday 22's meeting moved to Tuesday 14:00-15:00 (UTC+0), joined to the 14:30-16:00 UTC event.
  ['2027-03-23T14:00:00Z', '2027-03-23T16:00:00Z'],
  // Wednesday 24, 10:00 Lisbon, still UTC+0.
  ['2027-03-24T10:00:00Z', '2027-03-24T11:00:00Z'],
  // Saturday and Sunday all day: midnight UTC+0 to Monday's midnight UTC+1, 47 hours.
  ['2027-03-27T00:00:00Z', '2027-03-28T23:00:00Z'],
  // Monday 29, 10:00 Lisbon in summer time is 09:00 UTC.
  ['2027-03-29T09:00:00Z', '2027-03-29T10:00:00Z'],
  ['2027-03-30T13:00:00Z', '2027-03-30T14:30:00Z'],
  // Floating 09:00 read in Lisbon's summer time.
  ['2027-04-01T08:00:00Z', '2027-04-01T09:00:00Z'],
  // DURATION:PT45M.
  ['2027-04-02T16:00:00Z', '2027-04-02T16:45:00Z'],
  // Not there: Wednesday 31 (cancelled), Monday 5 April (EXDATE), the free and the cancelled events, the
  // reminder with no end, and the event that begins as the window ends.
];
