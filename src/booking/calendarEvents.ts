/**
 * A calendar feed's ICS text read once into the events that may block the owner's time: what busyTimes expands
 * for each window asked. Reading is the costly part (a feed of 2,000 events takes tens of milliseconds), so the
 * feed keeps this for its current copy and only expands it again.
 */
import type ICAL from 'ical.js';
import { ical } from '../lib/ical';
import { type RepeatRule, repeatRuleProblem, zoneRuleProblem } from './repeatRules';

type Component = InstanceType<typeof ICAL.Component>;
type Time = InstanceType<typeof ICAL.Time>;
type Duration = InstanceType<typeof ICAL.Duration>;

/** One VEVENT that blocks time: a single event, a recurring series, or an instance of a series moved or changed. */
export interface CalendarEvent {
  component: Component;
  start: Time;
  /** DTSTART's TZID when no VTIMEZONE of the feed defines it: read through Intl if it names an IANA zone. */
  startZone: string | undefined;
  end: Time | undefined;
  endZone: string | undefined;
  duration: Duration | undefined;
  recurring: boolean;
  /** Its first occurrence's span as if every time were UTC: within a day of the truth, to pass over it cheaply. */
  wall: { start: number; end: number };
}

/** An override that changes its instance and every later one of its series (RECURRENCE-ID;RANGE=THISANDFUTURE). */
export interface FromThisOn {
  at: Time;
  zone: string | undefined;
  /** The wall-clock shift from the instance it names to its own start, which every later instance takes too. */
  shift: Duration;
  /** The override's own event, whose length the later instances take; undefined when it blocks nothing: nor do they. */
  event: CalendarEvent | undefined;
}

export interface Calendar {
  events: CalendarEvent[];
  /**
   * Per series (UID), the instances its overrides (RECURRENCE-ID) replace: each override is an event of its own
   * (or blocks nothing when cancelled or transparent), and the series skips the instance it replaces.
   */
  replaced: Map<string, { at: Time; zone: string | undefined }[]>;
  /** Per series (UID), its overrides that change the later instances as well. */
  fromThisOn: Map<string, FromThisOn[]>;
}

/** True when the event takes no time from the owner: marked free (transparent) or cancelled. */
function blocksNothing(event: Component): boolean {
  const transp = event.getFirstPropertyValue('transp');
  const status = event.getFirstPropertyValue('status');
  return (
    (typeof transp === 'string' && transp.toUpperCase() === 'TRANSPARENT') ||
    (typeof status === 'string' && status.toUpperCase() === 'CANCELLED')
  );
}

type Timezone = InstanceType<typeof ICAL.Timezone>;
const remembering = new WeakSet<Timezone>();
const REMEMBERED_OFFSETS = 20_000;

/**
 * Makes a VTIMEZONE's offsets remembered per wall time. ical.js works each out again from the zone's changes,
 * deep-copying them as it goes: most of a warm expansion's time, though a series asks for the same few wall
 * times call after call. The zone object belongs to this copy of the feed, so the memory goes with it.
 */
function rememberOffsets(zone: Timezone): void {
  if (remembering.has(zone) || zone === ical().Timezone.utcTimezone || zone === ical().Timezone.localTimezone) return;
  remembering.add(zone);
  const offsets = new Map<number, number>();
  const utcOffset = zone.utcOffset.bind(zone);
  zone.utcOffset = (time) => {
    const wall = Date.UTC(time.year, time.month - 1, time.day, time.hour, time.minute, time.second);
    let offset = offsets.get(wall);
    if (offset === undefined) {
      if (offsets.size >= REMEMBERED_OFFSETS) offsets.clear();
      offset = utcOffset(time);
      offsets.set(wall, offset);
    }
    return offset;
  };
}

function timeOf(event: Component, name: string): { time: Time; zone: string | undefined } | undefined {
  const property = event.getFirstProperty(name);
  if (!property) return undefined;
  const time = property.getFirstValue();
  if (!(time instanceof ical().Time)) throw new Error(`an event's ${name.toUpperCase()} is not a date or time`);
  if (Number.isNaN(time.toUnixTime())) throw new Error(`an event's ${name.toUpperCase()} is not a valid date`);
  if (time.zone) rememberOffsets(time.zone);
  // ical.js reads a TZID it finds no VTIMEZONE for as floating; the name may still be an IANA zone.
  const tzid = property.getParameter('tzid');
  const zone = time.zone === ical().Timezone.localTimezone && typeof tzid === 'string' ? tzid : undefined;
  return { time, zone };
}

const wallTime = (time: Time) => Date.UTC(time.year, time.month - 1, time.day, time.hour, time.minute, time.second);

function readEvent(event: Component, calendar: Calendar): void {
  const start = timeOf(event, 'dtstart');
  if (!start) throw new Error('an event has no start (DTSTART)');
  const recurrenceId = timeOf(event, 'recurrence-id');
  const uid = event.getFirstPropertyValue('uid');
  let later: FromThisOn | undefined;
  if (recurrenceId && typeof uid === 'string') {
    const replaced = calendar.replaced.get(uid) ?? [];
    replaced.push({ at: recurrenceId.time, zone: recurrenceId.zone });
    calendar.replaced.set(uid, replaced);
    const range = event.getFirstProperty('recurrence-id')?.getParameter('range');
    if (typeof range === 'string' && range.toUpperCase() === 'THISANDFUTURE') {
      const shift = start.time.subtractDate(recurrenceId.time);
      later = { at: recurrenceId.time, zone: recurrenceId.zone, shift, event: undefined };
      calendar.fromThisOn.set(uid, [...(calendar.fromThisOn.get(uid) ?? []), later]);
    }
  }
  if (blocksNothing(event)) return;
  const end = timeOf(event, 'dtend');
  const duration = event.getFirstPropertyValue('duration');
  const wallStart = wallTime(start.time);
  const wallEnd = end
    ? wallTime(end.time)
    : wallStart + (duration instanceof ical().Duration ? duration.toSeconds() : 86_400) * 1000;
  const read: CalendarEvent = {
    component: event,
    start: start.time,
    startZone: start.zone,
    end: end?.time,
    endZone: end?.zone,
    duration: duration instanceof ical().Duration ? duration : undefined,
    // An override is the one instance it describes, whatever rules it repeats.
    wall: { start: wallStart, end: Math.max(wallStart, wallEnd) },
    recurring: !recurrenceId && (event.hasProperty('rrule') || event.hasProperty('rdate')),
  };
  const refused = read.recurring ? refusedRule([event], repeatRuleProblem) : undefined;
  if (refused) throw new Error(`an event's ${refused}`);
  calendar.events.push(read);
  if (later) later.event = read;
}

/** "RRULE (FREQ=…) cannot be expanded: why", for the first rule of these components the check refuses. */
function refusedRule(components: Component[], check: (rule: RepeatRule) => string | undefined) {
  for (const property of components.flatMap((component) => component.getAllProperties('rrule'))) {
    const rule = property.getFirstValue();
    const problem = rule instanceof ical().Recur ? check(rule) : undefined;
    if (problem) return `RRULE (${rule?.toString()}) cannot be expanded: ${problem}`;
  }
  return undefined;
}

/** Reads a feed's ICS text; throws an Error saying what is wrong when it is no iCalendar data ical.js can read. */
export function readCalendar(ics: string): Calendar {
  let parsed: unknown;
  try {
    // Outside RFC 5545 but in feeds calendar apps read: a byte-order mark before BEGIN:VCALENDAR (Outlook's and
    // some servers' published calendars; Buffer's decoding keeps it) makes ical.js read no calendar at all, and
    // lines ended by CR alone read as one line.
    parsed = ical().parse(ics.replace(/^\uFEFF/, '').replace(/\r(?!\n)/g, '\n'));
  } catch (err) {
    throw new Error(`the calendar feed is not valid iCalendar data: ${(err as Error).message}`);
  }
  // One VCALENDAR parses to its jCal array; several, to an array of them.
  const roots = (Array.isArray(parsed) && Array.isArray(parsed[0]) ? parsed : [parsed]) as unknown[];
  if (roots.length === 0 || roots.some((root) => !Array.isArray(root) || root[0] !== 'vcalendar'))
    throw new Error('the calendar feed is not an iCalendar file (no VCALENDAR)');
  const calendar: Calendar = { events: [], replaced: new Map(), fromThisOn: new Map() };
  const components = roots.map((root) => new (ical().Component)(root as unknown[]));
  // Before any time is read: reading one in a zone expands that zone's rules.
  for (const zone of components.flatMap((component) => component.getAllSubcomponents('vtimezone'))) {
    const refused = refusedRule(zone.getAllSubcomponents(), zoneRuleProblem);
    const tzid = zone.getFirstPropertyValue('tzid');
    if (refused) throw new Error(`the calendar feed has a time zone that cannot be read: ${tzid}'s ${refused}`);
  }
  try {
    for (const component of components)
      for (const event of component.getAllSubcomponents('vevent')) readEvent(event, calendar);
  } catch (err) {
    throw new Error(`the calendar feed has an event that cannot be read: ${(err as Error).message}`);
  }
  return calendar;
}
