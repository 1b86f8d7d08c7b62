/**
 * The slots a visitor may book: every full and half hour of the owner's weekly hours (his wall clock) where
 * a call fits before the range ends, from the notice on to the end of the horizon's last day, with the buffer
 * either side free of his calendar's busy times and of the calls already booked.
 */
import type { Availability, Interval } from '../contract/booking';
import { WEEKDAYS } from '../contract/booking';
import { addDays, resolveWallTime, weekdayOfDate, zonedParts } from '../lib/zoneClock';
import { HOUR_MS, MINUTE_MS } from '../lib/time';

export interface SlotsInput {
  availability: Availability;
  /** His time zone (OWNER_TIME_ZONE): the hours and the days are his wall clock's. */
  ownerTimeZone: string;
  now: number;
  /** His calendar's busy times (the feed's copy). */
  busy: readonly Interval[];
  /** The calls already booked. */
  booked: readonly Interval[];
}

/** Slots start on the wall clock's full and half hours. */
const STEP_MINUTES = 30;

/**
 * The blocked times, made quick to ask: sorted by start, with the latest end among each prefix. An interval
 * blocks [from, to) when it starts before `to` and ends after `from`; among those starting before `to` (a
 * prefix, found by binary search), one ends after `from` exactly when the prefix's latest end does.
 */
function blockedTimes(intervals: readonly Interval[]): (from: number, to: number) => boolean {
  const sorted = [...intervals].sort((a, b) => a.start - b.start);
  const starts = sorted.map((interval) => interval.start);
  const latestEnds: number[] = [];
  let latest = Number.NEGATIVE_INFINITY;
  for (const interval of sorted) {
    latest = Math.max(latest, interval.end);
    latestEnds.push(latest);
  }
  return (from, to) => {
    let low = 0;
    let high = starts.length;
    while (low < high) {
      const middle = (low + high) >>> 1;
      if ((starts[middle] as number) < to) low = middle + 1;
      else high = middle;
    }
    return low > 0 && (latestEnds[low - 1] as number) > from;
  };
}

/** The free slots, sorted by start. */
export function freeSlots(input: SlotsInput): Interval[] {
  const { availability, ownerTimeZone: zone, now } = input;
  const length = availability.lengthMinutes * MINUTE_MS;
  const buffer = availability.bufferMinutes * MINUTE_MS;
  const earliest = now + availability.noticeHours * HOUR_MS;
  const isBlocked = blockedTimes([...input.busy, ...input.booked]);
  const today = zonedParts(now, zone);
  const slots: Interval[] = [];
  // The horizon's last day is daysAhead days after today; every slot of a day starts and ends within it.
  for (let offset = 0; offset <= availability.daysAhead; offset++) {
    const { year, month, day } = addDays(today.year, today.month, today.day, offset);
    const weekday = WEEKDAYS[weekdayOfDate(year, month, day)];
    if (weekday === undefined) continue;
    for (const range of availability.hours[weekday]) {
      const first = Math.ceil(range.from / STEP_MINUTES) * STEP_MINUTES;
      for (let minutes = first; minutes + availability.lengthMinutes <= range.to; minutes += STEP_MINUTES) {
        // Each start is converted on its own, so a day daylight saving changes gets its own offsets.
        const wall = resolveWallTime(year, month, day, minutes, zone);
        if (!wall.exists || wall.ms < earliest) continue;
        const slot = { start: wall.ms, end: wall.ms + length };
        if (!isBlocked(slot.start - buffer, slot.end + buffer)) slots.push(slot);
      }
    }
  }
  // Starts already rise with the wall clock (a repeated wall time takes its earlier instant); the sort keeps
  // the order callers rely on even for hours given out of order.
  return slots.sort((a, b) => a.start - b.start);
}
