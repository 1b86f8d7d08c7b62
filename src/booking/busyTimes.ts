/**
 * The owner's busy times from his calendar feed: the events that block time in a window, recurring ones expanded
 * (RRULE, RDATE of dates, times or periods, EXDATE, overrides by RECURRENCE-ID, with RANGE=THISANDFUTURE those
 * that change every later instance too), as sorted, merged intervals. All-day events block his whole days in his
 * time zone; floating times are read in it too.
 */
import type ICAL from 'ical.js';
import { ical } from '../lib/ical';
import type { Interval } from '../contract/booking';
import { type Calendar, type CalendarEvent, type FromThisOn, readCalendar } from './calendarEvents';
import { type Clock, clockFor, kept } from './feedClock';
import { DAY_MS } from '../lib/time';

type Time = InstanceType<typeof ICAL.Time>;
type Period = InstanceType<typeof ICAL.Period>;

/** Occurrences read per series at most, whatever its rule: a series that repeats every minute since 1990 ends. */
export const MAX_OCCURRENCES = 5_000;

export { readCalendar };
export type { Calendar };

/** The busy intervals of an ICS text that overlap the window; throws an Error when the text is no calendar. */
export const busyTimes = (ics: string, window: Interval, ownerTimeZone: string): Interval[] =>
  busyTimesIn(readCalendar(ics), window, ownerTimeZone);

/** The same from a calendar read once (readCalendar), for a feed asked about many times. */
export function busyTimesIn(calendar: Calendar, window: Interval, ownerTimeZone: string): Interval[] {
  const clock = clockFor(calendar, ownerTimeZone);
  const found: Interval[] = [];
  const overlaps = (span: Interval) => span.end > span.start && span.end > window.start && span.start < window.end;
  for (const event of calendar.events) {
    if (event.recurring) {
      for (const span of seriesSpans(event, calendar, window, ownerTimeZone, clock))
        if (overlaps(span)) found.push(span);
      continue;
    }
    // Far from the window whatever the zones: no time zone is a day away from UTC.
    if (event.wall.start - 2 * DAY_MS >= window.end || event.wall.end + 2 * DAY_MS <= window.start) continue;
    const span = spanOf(event, event.start, clock);
    if (overlaps(span)) found.push(span);
  }
  return merged(found);
}

/**
 * A series' occurrences, expanded per stretch of CHUNK_MS and kept with the calendar per stretch and zone: the
 * slots' window moves a little with every request, and ical.js's expansion is the cost of a warm call.
 */
const CHUNK_MS = 16 * DAY_MS;
const chunksOf = new WeakMap<CalendarEvent, Map<string, Interval[]>>();

function seriesSpans(event: CalendarEvent, calendar: Calendar, window: Interval, zone: string, clock: Clock) {
  const chunks = kept(chunksOf, event, () => new Map<string, Interval[]>());
  const first = spanOf(event, event.start, clock);
  const uid = event.component.getFirstPropertyValue('uid');
  const later = typeof uid === 'string' ? (calendar.fromThisOn.get(uid) ?? []) : [];
  const reach = reachOf(later);
  // An occurrence may begin before the window and end in it: one occurrence's length earlier, and a day for DST.
  const spans: Interval[] = [];
  for (let chunk = Math.floor((window.start - (first.end - first.start) - DAY_MS - reach) / CHUNK_MS); ; chunk += 1) {
    if (chunk * CHUNK_MS >= window.end + reach) return spans;
    const key = `${zone} ${chunk}`;
    // A few dozen stretches at most: the window moves forward, and the old ones are not asked for again.
    if (!chunks.has(key) && chunks.size >= 64) chunks.clear();
    spans.push(
      ...kept(chunks, key, () =>
        expandChunk(event, calendar, { start: chunk * CHUNK_MS, end: (chunk + 1) * CHUNK_MS }, clock, later),
      ),
    );
  }
}

const wallLength = (event: CalendarEvent | undefined) => (event ? event.wall.end - event.wall.start : 0);

/** How far a change of the later instances moves one from where the rule puts it, its new length included. */
const reachOf = (later: readonly FromThisOn[]) =>
  Math.max(0, ...later.map((change) => Math.abs(change.shift.toSeconds() * 1000) + wallLength(change.event)));

/**
 * The spans of a series' occurrences that the rule puts in [from, to), less those its overrides replace; an
 * occurrence at or after a THISANDFUTURE override takes that override's shift and length, or is dropped with it.
 */
function expandChunk(event: CalendarEvent, calendar: Calendar, chunk: Interval, clock: Clock, later: FromThisOn[]) {
  const { start: from, end: to } = chunk;
  const uid = event.component.getFirstPropertyValue('uid');
  const replacedBy = typeof uid === 'string' ? (calendar.replaced.get(uid) ?? []) : [];
  const replaced = new Set(replacedBy.map((r) => clock(r.at, r.zone)));
  const changes = later.map((change) => ({ ...change, from: clock(change.at, change.zone) }));
  changes.sort((a, b) => a.from - b.from);
  const movedStart = fastForward(event, from, clock);
  const expansion = new (ical().RecurExpansion)({ component: event.component, dtstart: movedStart ?? event.start });
  const spans: Interval[] = [];
  let count = 0;
  for (const next of withStart(expansion, movedStart || excluded(event) ? undefined : event.start)) {
    // An RDATE given as a PERIOD is an occurrence with a start and a length of its own (ical.js's type says Time).
    const period = (next as unknown) instanceof ical().Period ? (next as unknown as Period) : undefined;
    const occurrence = period ? period.start : next;
    const span = period
      ? { start: clock(period.start, event.startZone), end: clock(period.getEnd(), event.startZone) }
      : spanOf(event, occurrence, clock);
    if (span.start >= to) break;
    if (span.start >= from && !replaced.has(span.start)) {
      let change: (typeof changes)[number] | undefined;
      for (const c of changes) if (c.from <= span.start) change = c;
      if (!change) spans.push(span);
      else if (change.event) {
        const moved = occurrence.clone();
        moved.addDuration(change.shift);
        spans.push(spanOf(change.event, moved, clock));
      }
    }
    // Cut short: the rest counts as busy, since an occurrence not read may be anywhere in it (or moved from it).
    if (++count === MAX_OCCURRENCES) {
      const reach = reachOf(later);
      spans.push({ start: Math.max(span.start, from) - reach, end: to + reach });
      break;
    }
  }
  return spans;
}

/**
 * The expansion's occurrences with DTSTART among them, in order. RFC 5545 counts DTSTART as a series' first
 * instance, and Google's and Apple's calendars show it, but ical.js leaves it out when no rule gives it: a series
 * of RDATEs alone, or a DTSTART off its rule's days (a Wednesday start of a series of Thursdays). Kept, it blocks
 * its time; with a COUNT, the rule's last instance then blocks too, one more than those calendars show.
 */
function* withStart(expansion: InstanceType<typeof ICAL.RecurExpansion>, start: Time | undefined) {
  let pending = start;
  for (let next = expansion.next(); next; next = expansion.next()) {
    if (pending) {
      const order = pending.compare(next);
      if (order < 0) yield pending;
      if (order <= 0) pending = undefined;
    }
    yield next;
  }
  if (pending) yield pending;
}

/** True when an EXDATE takes out the series' DTSTART (a date alone takes out that day's start). */
function excluded(event: CalendarEvent): boolean {
  const start = event.start;
  return event.component
    .getAllProperties('exdate')
    .flatMap((property) => property.getValues())
    .some((value) => {
      if (!(value instanceof ical().Time)) return false;
      if (value.isDate) return value.year === start.year && value.month === start.month && value.day === start.day;
      return value.compare(start) === 0;
    });
}

/** The time one occurrence (starting at `start`) of the event blocks. */
function spanOf(event: CalendarEvent, start: Time, clock: Clock): Interval {
  const from = clock(start, event.startZone);
  if (start.isDate) {
    // Whole days: to DTEND's date, or over DURATION's days, or the one day when neither is given.
    let days = 1;
    if (event.end?.isDate) days = dayNumber(event.end) - dayNumber(event.start);
    else if (event.duration) days = event.duration.weeks * 7 + event.duration.days;
    const endDay = start.clone();
    endDay.adjust(Math.max(1, days), 0, 0, 0);
    return { start: from, end: clock(endDay, undefined) };
  }
  if (event.duration) {
    // A duration in days is nominal (the same wall time days later, across a DST change), one in hours exact.
    const end = start.clone();
    end.addDuration(event.duration);
    return { start: from, end: clock(end, event.startZone) };
  }
  if (event.end)
    return { start: from, end: from + clock(event.end, event.endZone) - clock(event.start, event.startZone) };
  return { start: from, end: from };
}

const dayNumber = (time: Time) => Date.UTC(time.year, time.month - 1, time.day) / DAY_MS;

/**
 * A later start for a daily or weekly series with no COUNT, so a series begun years ago is not expanded from its
 * first day: moved by a whole multiple of 7 x INTERVAL days, which keeps both its weekdays and its period, to at
 * least two days before `from`. Its occurrences from there on are the same (the parts allowed repeat with the
 * period); the moved start itself, an occurrence even off BYDAY, ends before `from`, so never counts.
 */
const PERIODIC_PARTS = new Set(['BYDAY', 'BYHOUR', 'BYMINUTE', 'BYSECOND']);

function fastForward(event: CalendarEvent, from: number, clock: Clock): Time | undefined {
  const rules = event.component.getAllProperties('rrule');
  if (rules.length !== 1 || event.component.hasProperty('rdate')) return undefined;
  const rule = rules[0]!.getFirstValue();
  if (!(rule instanceof ical().Recur) || (rule.freq !== 'DAILY' && rule.freq !== 'WEEKLY') || rule.count) return;
  if (Object.keys(rule.parts).some((part) => !PERIODIC_PARTS.has(part))) return undefined;
  // A weekday with an ordinal (1MO) means nothing in a weekly rule's period; left to ical.js as it is.
  if (rule.parts.BYDAY?.some((day) => !/^[A-Z]{2}$/.test(day))) return undefined;
  const stepDays = 7 * (rule.interval || 1);
  // Two days more: room for the zone's offset and a DST change between the old start and the new.
  const steps = Math.floor((from - 2 * DAY_MS - clock(event.start, event.startZone)) / (stepDays * DAY_MS));
  if (steps <= 0) return undefined;
  const moved = event.start.clone();
  moved.adjust(steps * stepDays, 0, 0, 0);
  return moved;
}

/** Sorted by start, overlapping or touching intervals joined. */
function merged(intervals: Interval[]): Interval[] {
  intervals.sort((a, b) => a.start - b.start);
  const out: Interval[] = [];
  for (const { start, end } of intervals) {
    const previous = out.at(-1);
    if (previous && start <= previous.end) previous.end = Math.max(previous.end, end);
    else out.push({ start, end });
  }
  return out;
}
