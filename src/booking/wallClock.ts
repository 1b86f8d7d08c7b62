/**
 * A wall-clock time in an IANA time zone as an instant, through Intl (the zones the calendar feed names without
 * defining them, floating times, and all-day events, which block the owner's own days).
 */

const DAY_MS = 86_400_000;

// Building an Intl formatter costs far more than using one; a feed asks for the same few zones again and again.
const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterFor(timeZone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    formatters.set(timeZone, formatter);
  }
  return formatter;
}

/** True when Intl knows the zone by this name. */
export function knownZone(name: string): boolean {
  try {
    formatterFor(name);
    return true;
  } catch {
    return false;
  }
}

/** The zone's offset from UTC at an instant, in ms (Lisbon in summer: 3,600,000). */
function offsetAt(instant: number, timeZone: string): number {
  if (timeZone === 'UTC') return 0;
  const parts: Record<string, number> = {};
  for (const part of formatterFor(timeZone).formatToParts(instant)) parts[part.type] = Number(part.value);
  const wall = Date.UTC(parts.year!, parts.month! - 1, parts.day!, parts.hour!, parts.minute!, parts.second!);
  return wall - (instant - (((instant % 1000) + 1000) % 1000));
}

/**
 * The instant a wall-clock time (given as if it were UTC: Date.UTC of its fields) happens in the zone. A time
 * the clocks skip (spring forward) reads with the offset before the change, so it lands just after it, as the
 * clocks show it; a time they show twice (fall back) is the earlier one, so a day starts at its first midnight.
 */
export function instantOfWallTime(wall: number, timeZone: string): number {
  if (timeZone === 'UTC') return wall;
  // Offsets never reach a day, so these two instants are on either side of any moment showing this wall time.
  const before = offsetAt(wall - DAY_MS, timeZone);
  const after = offsetAt(wall + DAY_MS, timeZone);
  const early = wall - before;
  const late = wall - after;
  const earlyFits = offsetAt(early, timeZone) === before;
  const lateFits = offsetAt(late, timeZone) === after;
  if (earlyFits && lateFits) return Math.min(early, late);
  if (lateFits) return late;
  return early;
}
