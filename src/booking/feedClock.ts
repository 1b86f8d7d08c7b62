/**
 * A calendar feed's times as instants, for one owner's time zone: a date is his midnight that day; a floating time
 * is read in the zone its TZID names (when Intl knows it) or else in his; any other through its VTIMEZONE, or UTC.
 * One clock is kept per calendar copy and zone, with the midnights it worked out.
 */
import type ICAL from 'ical.js';
import { ical } from '../lib/ical';
import { instantOfWall } from '../lib/zoneClock';
import { isTimeZone } from '../lib/zonedTime';
import type { Calendar } from './calendarEvents';

type Time = InstanceType<typeof ICAL.Time>;

/** The value kept under the key, made and kept first if there is none. */
export function kept<K, V>(
  map: { get(key: K): V | undefined; set(key: K, value: V): unknown },
  key: K,
  make: () => V,
): V {
  let value = map.get(key);
  if (value === undefined) {
    value = make();
    map.set(key, value);
  }
  return value;
}

/** An ICAL time as an instant; `zone` is the TZID its feed gave no VTIMEZONE for. */
export type Clock = (time: Time, zone: string | undefined) => number;

const clocks = new WeakMap<Calendar, Map<string, Clock>>();

/** The owner's clock for this copy of the feed, made once per zone. */
export function clockFor(calendar: Calendar, ownerTimeZone: string): Clock {
  return kept(
    kept(clocks, calendar, () => new Map<string, Clock>()),
    ownerTimeZone,
    () => ownerClock(ownerTimeZone),
  );
}

function ownerClock(ownerTimeZone: string): Clock {
  // An all-day series asks for the same midnights again and again; Intl is the cost.
  const midnights = new Map<number, number>();
  return (time, zone) => {
    if (time.isDate) {
      const wall = Date.UTC(time.year, time.month - 1, time.day);
      return kept(midnights, wall, () => instantOfWall(wall, ownerTimeZone).ms);
    }
    if (time.zone !== ical().Timezone.localTimezone) return time.toUnixTime() * 1000;
    const wall = Date.UTC(time.year, time.month - 1, time.day, time.hour, time.minute, time.second);
    return instantOfWall(wall, zone !== undefined && isTimeZone(zone) ? zone : ownerTimeZone).ms;
  };
}
