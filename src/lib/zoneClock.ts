/**
 * Wall-clock arithmetic in an IANA time zone, with Intl: the date and time an instant reads as in a zone, and
 * the instant a zone's wall time is, across daylight saving's jumps. The slots, the calendar feed's times and the
 * booking messages all read their clocks here. Dates are plain { year, month, day }
 * (month 1-12), computed with UTC dates so the machine's own zone never enters.
 */
import { DAY_MS } from './time';

export interface CalendarDate {
  year: number;
  month: number;
  day: number;
}

export interface ZonedParts extends CalendarDate {
  /** 0 Monday ... 6 Sunday, as WEEKDAYS counts them. */
  weekday: number;
  /** Minutes after midnight, 0-1439. */
  minutes: number;
}

// Building an Intl formatter costs far more than using one.
const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterFor(timeZone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    // h23, since en-US would otherwise write midnight as 24:00.
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone,
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
      hourCycle: 'h23',
    });
    formatters.set(timeZone, formatter);
  }
  return formatter;
}

/** The wall clock at `ms` in `timeZone`, written as if it were UTC: Date.UTC of the local date and time. */
export function wallAsUtc(ms: number, timeZone: string): number {
  // UTC needs no formatter, and the first formatter of a process loads ICU's data (see lib/zonedTime).
  if (timeZone === 'UTC') return Math.floor(ms / 1000) * 1000;
  // format() and its digits, not formatToParts: a fifth of the cost, and a week of slots asks hundreds of
  // times. en-US writes "3/28/2027, 02:30:00": month, day, year, hour, minute, second.
  const [month = 1, day = 1, year = 0, hour = 0, minute = 0, second = 0] = (
    formatterFor(timeZone).format(ms).match(/\d+/g) ?? []
  ).map(Number);
  return Date.UTC(year, month - 1, day, hour, minute, second);
}

/** How far `timeZone`'s wall clock is ahead of UTC at `ms`, in ms. */
const offsetAt = (ms: number, timeZone: string): number => wallAsUtc(ms, timeZone) - Math.floor(ms / 1000) * 1000;

const weekdayOf = (utcMidnight: number): number => (new Date(utcMidnight).getUTCDay() + 6) % 7;

/** The date, weekday and minute of the day `ms` reads as in `timeZone`. */
export function zonedParts(ms: number, timeZone: string): ZonedParts {
  const wall = new Date(wallAsUtc(ms, timeZone));
  const midnight = Date.UTC(wall.getUTCFullYear(), wall.getUTCMonth(), wall.getUTCDate());
  return {
    year: wall.getUTCFullYear(),
    month: wall.getUTCMonth() + 1,
    day: wall.getUTCDate(),
    weekday: weekdayOf(midnight),
    minutes: wall.getUTCHours() * 60 + wall.getUTCMinutes(),
  };
}

/** The weekday of a date: 0 Monday ... 6 Sunday. */
export const weekdayOfDate = (year: number, month: number, day: number): number =>
  weekdayOf(Date.UTC(year, month - 1, day));

/** The date `days` days after (or before, if negative) the given one. */
export function addDays(year: number, month: number, day: number, days: number): CalendarDate {
  const date = new Date(Date.UTC(year, month - 1, day + days));
  return { year: date.getUTCFullYear(), month: date.getUTCMonth() + 1, day: date.getUTCDate() };
}

/**
 * The instant of a wall time in `timeZone`, and whether the zone's clock ever shows it. A wall time skipped by
 * a jump forward gives the instant after the gap, as far past it as the wall time was into it (02:30 in a
 * 02:00->03:00 jump is 03:30); one shown twice by a jump back gives the earlier instant.
 */
export function resolveWallTime(
  year: number,
  month: number,
  day: number,
  minutes: number,
  timeZone: string,
): { ms: number; exists: boolean } {
  return instantOfWall(Date.UTC(year, month - 1, day) + minutes * 60_000, timeZone);
}

/** resolveWallTime, for a wall time written as if it were UTC (Date.UTC of its fields, seconds included). */
export function instantOfWall(wall: number, timeZone: string): { ms: number; exists: boolean } {
  if (timeZone === 'UTC') return { ms: wall, exists: true };
  // Offsets are within ±14 hours, and zones change theirs months apart: the offsets a day either side are
  // the only ones this wall time can be read with.
  const before = offsetAt(wall - DAY_MS, timeZone);
  const after = offsetAt(wall + DAY_MS, timeZone);
  const earlier = wall - Math.max(before, after);
  const later = wall - Math.min(before, after);
  if (wallAsUtc(earlier, timeZone) === wall) return { ms: earlier, exists: true };
  if (later !== earlier && wallAsUtc(later, timeZone) === wall) return { ms: later, exists: true };
  // In a gap: the clock was still on the offset before the jump, so read it with that one.
  return { ms: wall - before, exists: false };
}
