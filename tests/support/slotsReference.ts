/**
 * The free slots as the rules state them, computed the slow way, for slots.test.ts to compare freeSlots with:
 * every quarter hour in UTC (every zone's offset is a whole number of quarter hours, so every wall :00 and :30
 * is one) is read on the owner's wall clock with Intl, and kept when each rule holds for it. Nothing here comes
 * from src/booking. Also the seeded random inputs it is compared on.
 */
import type { SlotsInput } from '../../src/booking/slots';
import { type Availability, type DayRange, type Interval, WEEKDAYS } from '../../src/contract/booking';

const MINUTE = 60_000;
const QUARTER = 15 * MINUTE;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
const SHORT_DAYS = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'];

const formatters = new Map<string, Intl.DateTimeFormat>();

/** The date (YYYY-MM-DD), weekday (0 Monday) and minute of the day `ms` reads as in `zone`. */
function wallOf(ms: number, zone: string): { date: string; weekday: number; minutes: number } {
  let formatter = formatters.get(zone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone: zone,
      weekday: 'short',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    });
    formatters.set(zone, formatter);
  }
  const parts: Record<string, string> = {};
  for (const part of formatter.formatToParts(ms)) parts[part.type] = part.value;
  return {
    date: `${parts.year}-${parts.month}-${parts.day}`,
    weekday: SHORT_DAYS.indexOf(parts.weekday as string),
    minutes: Number(parts.hour) * 60 + Number(parts.minute),
  };
}

const overlaps = (a: Interval, b: Interval) => a.start < b.end && b.start < a.end;

/** The free slots by the rules, sorted by start. */
export function referenceSlots({ availability: a, ownerTimeZone: zone, now, busy, booked }: SlotsInput): Interval[] {
  const today = wallOf(now, zone).date;
  const lastDay = new Date(Date.parse(`${today}T00:00:00Z`) + a.daysAhead * DAY).toISOString().slice(0, 10);
  const blocked = [...busy, ...booked];
  const seen = new Set<string>();
  const slots: Interval[] = [];
  for (
    let start = Math.floor((now - DAY) / QUARTER) * QUARTER;
    start < now + (a.daysAhead + 2) * DAY;
    start += QUARTER
  ) {
    const wall = wallOf(start, zone);
    // A wall time the clocks show twice (falling back) is its first instant; one they skip never comes up.
    const key = `${wall.date} ${wall.minutes}`;
    if (seen.has(key)) continue;
    seen.add(key);
    if (wall.minutes % 30 !== 0) continue;
    if (wall.date < today || wall.date > lastDay) continue;
    if (start < now + a.noticeHours * HOUR) continue;
    const ranges = a.hours[WEEKDAYS[wall.weekday] as keyof Availability['hours']];
    if (!ranges.some((r) => r.from <= wall.minutes && wall.minutes + a.lengthMinutes <= r.to)) continue;
    const slot = { start, end: start + a.lengthMinutes * MINUTE };
    const kept = { start: slot.start - a.bufferMinutes * MINUTE, end: slot.end + a.bufferMinutes * MINUTE };
    if (blocked.some((interval) => overlaps(kept, interval))) continue;
    slots.push(slot);
  }
  return slots;
}

/** A small seeded PRNG (mulberry32), so a failing run replays from its seed. */
export function mulberry32(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 2 ** 32;
  };
}

const ZONES = [
  'UTC',
  'Europe/Lisbon',
  'America/Sao_Paulo',
  'America/New_York',
  'America/St_Johns',
  'Asia/Kolkata',
  'Asia/Kathmandu',
  'Australia/Lord_Howe',
  'Pacific/Chatham',
  'Pacific/Kiritimati',
  'Pacific/Pago_Pago',
];
// Days in 2027 some of these zones change their clocks on.
const JUMP_DAYS = ['2027-03-14', '2027-03-28', '2027-04-04', '2027-09-26', '2027-10-03', '2027-10-31', '2027-11-07'];

/** A random owner, week and calendar, leaning on the edges: aligned times, whole days, the days clocks jump. */
export function randomInput(random: () => number): SlotsInput {
  const int = (min: number, max: number) => min + Math.floor(random() * (max - min + 1));
  const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)] as T;
  const minuteOfDay = () => (random() < 0.5 ? int(0, 96) * 15 : int(0, 1440));
  const hours = {} as Availability['hours'];
  for (const day of WEEKDAYS) {
    if (random() < 0.15) {
      hours[day] = [{ from: 0, to: 1440 }];
      continue;
    }
    const cuts = [...new Set(Array.from({ length: 2 * int(0, 3) }, minuteOfDay))].sort((x, y) => x - y);
    const ranges: DayRange[] = [];
    for (let i = 0; i + 1 < cuts.length; i += 2) ranges.push({ from: cuts[i] as number, to: cuts[i + 1] as number });
    hours[day] = ranges;
  }
  const availability: Availability = {
    enabled: true,
    hours,
    lengthMinutes: random() < 0.7 ? pick([5, 15, 25, 30, 45, 60, 90, 240]) : int(5, 240),
    bufferMinutes: random() < 0.7 ? pick([0, 5, 10, 15, 30]) : int(0, 120),
    noticeHours: random() < 0.9 ? pick([0, 1, 12, 24, 48]) : int(0, 720),
    daysAhead: random() < 0.9 ? int(1, 16) : int(17, 40),
    meetingUrl: '',
    feedUrl: '',
  };
  const now =
    random() < 0.5
      ? Date.UTC(2027, 0, 1) + Math.floor(random() * 365 * DAY)
      : Date.parse(`${pick(JUMP_DAYS)}T00:00:00Z`) -
        int(0, 10 * 24 * 4) * QUARTER +
        (random() < 0.5 ? 0 : int(0, QUARTER));
  const span = (availability.daysAhead + 2) * DAY;
  const interval = (length: () => number): Interval => {
    const start = random() < 0.5 ? now - DAY + int(0, span / QUARTER) * QUARTER : now - DAY + int(0, span);
    return { start, end: start + length() };
  };
  const busyLength = () => (random() < 0.5 ? int(0, 20) * QUARTER : int(0, 300) * MINUTE);
  return {
    availability,
    ownerTimeZone: pick(ZONES),
    now,
    busy: Array.from({ length: random() < 0.2 ? 0 : int(1, 40) }, () => interval(busyLength)),
    booked: Array.from({ length: int(0, 4) }, () => interval(() => availability.lengthMinutes * MINUTE)),
  };
}
