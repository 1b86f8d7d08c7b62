/**
 * The `hours` value's text: "mon-fri 09:00-17:00; sat 10:00-12:00", read into a week of ranges and written
 * back in one canonical, compact form, so what is stored always reads back to the same week.
 */
import { type DayRange, emptyWeek, type Weekday, WEEKDAYS, type WeeklyHours } from '../contract/booking';

// A group is "DAYS RANGES": the days end at the first space, the ranges are everything after it.
const GROUP = /^([a-z]{3}(?:\s*-\s*[a-z]{3})?(?:\s*,\s*[a-z]{3}(?:\s*-\s*[a-z]{3})?)*)\s+(\S.*)$/;
const RANGE = /^(\d{1,2}):(\d{2})\s*-\s*(\d{1,2}):(\d{2})$/;

/** Minutes after midnight of "HH:MM", up to 24:00; undefined for anything else. */
function minutesOf(hours: string, minutes: string): number | undefined {
  const h = Number(hours);
  const m = Number(minutes);
  if (m > 59 || h > 24 || (h === 24 && m > 0)) return undefined;
  return h * 60 + m;
}

/** The weekday indices a days list names ("mon-fri, sun"); undefined for an unknown day or a backwards range. */
function daysOf(list: string): number[] | undefined {
  const days: number[] = [];
  for (const item of list.split(',')) {
    const [first = '', last = first] = item.split('-').map((day) => day.trim());
    const from = WEEKDAYS.indexOf(first as Weekday);
    const to = WEEKDAYS.indexOf(last as Weekday);
    // A range that wraps past Sunday ("fri-mon") is refused rather than guessed at.
    if (from < 0 || to < from) return undefined;
    for (let day = from; day <= to; day++) days.push(day);
  }
  return days;
}

/**
 * The week `text` describes, or why it describes none. "off" or nothing clears every day; a day named in
 * several groups gets all their ranges. The reasons are short ("10:00-09:00 must start before it ends").
 */
export function parseWeeklyHours(text: string): { ok: true; hours: WeeklyHours } | { ok: false; reason?: string } {
  const hours = emptyWeek();
  const trimmed = text.trim().toLowerCase();
  if (trimmed === '' || trimmed === 'off') return { ok: true, hours };
  for (const group of trimmed.split(';')) {
    const match = GROUP.exec(group.trim());
    if (!match) return { ok: false };
    const days = daysOf(match[1] as string);
    if (!days) return { ok: false };
    for (const written of (match[2] as string).split(',').map((range) => range.trim())) {
      const parts = RANGE.exec(written);
      if (!parts) return { ok: false };
      const [, fromH = '', fromM = '', toH = '', toM = ''] = parts;
      const from = minutesOf(fromH, fromM);
      const to = minutesOf(toH, toM);
      if (from === undefined || to === undefined) return { ok: false, reason: `${written} is not within 00:00-24:00` };
      if (from >= to) return { ok: false, reason: `${written} must start before it ends` };
      for (const day of days) hours[WEEKDAYS[day] as Weekday].push({ from, to });
    }
  }
  for (const day of WEEKDAYS) {
    const ranges = hours[day].sort((a, b) => a.from - b.from);
    for (let i = 1; i < ranges.length; i++) {
      const [before, after] = [ranges[i - 1] as DayRange, ranges[i] as DayRange];
      // Ranges that only touch (09:00-12:00, 12:00-14:00) are kept: they share no minute.
      if (after.from < before.to)
        return { ok: false, reason: `${day}'s ${rangeText(before)} and ${rangeText(after)} overlap` };
    }
  }
  return { ok: true, hours };
}

const clock = (minutes: number): string =>
  `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;

const rangeText = (range: DayRange): string => `${clock(range.from)}-${clock(range.to)}`;

/** What a day's ranges read as, sorted: "09:00-12:00, 14:00-18:00". */
const rangesText = (ranges: readonly DayRange[]): string =>
  [...ranges]
    .sort((a, b) => a.from - b.from)
    .map(rangeText)
    .join(', ');

/**
 * The canonical text of a week: consecutive days with the same ranges share a group ("mon-fri 09:00-17:00;
 * sat 10:00-12:00"), days without ranges are left out, and a week without any is "off".
 */
export function formatHours(hours: Readonly<WeeklyHours>): string {
  const groups: string[] = [];
  let day = 0;
  while (day < WEEKDAYS.length) {
    const ranges = rangesText(hours[WEEKDAYS[day] as Weekday]);
    let last = day;
    while (last + 1 < WEEKDAYS.length && rangesText(hours[WEEKDAYS[last + 1] as Weekday]) === ranges) last++;
    if (ranges !== '') groups.push(`${WEEKDAYS[day]}${last > day ? `-${WEEKDAYS[last]}` : ''} ${ranges}`);
    day = last + 1;
  }
  return groups.length === 0 ? 'off' : groups.join('; ');
}
