/**
 * A booked call's time as its messages write it: the visitor's e-mail in their language and in the zone they booked
 * in (UTC for a booking stored before the zone was kept), the owner's alerts in his time zone (OWNER_TIME_ZONE), in
 * English: "Tue 1 Dec 15:00". Names of days and months come from src/strings, not from Intl: en-GB's short September is
 * "Sept" in recent ICU data, and a server left on UTC never loads ICU's data for these (see src/lib/zonedTime.ts).
 */
import { zoneLabel } from '../contract/booking';
import type { SiteLanguage } from '../contract/languages';
import { wallAsUtc } from '../lib/zoneClock';
import { bookingMail as englishWords } from '../strings/en';
import { bookingMailStrings } from '../strings';

/** A moment as a wall clock in some zone shows it. */
export interface WallClock {
  year: number;
  /** 1 to 12. */
  month: number;
  day: number;
  /** 0 (Sunday) to 6, as Date.getUTCDay counts. */
  weekday: number;
  hour: number;
  minute: number;
}

const UTC = 'UTC';

/** The wall clock of `isoTime` in `timeZone` (an IANA name, or UTC); throws on a value that is no time. */
export function wallClock(isoTime: string, timeZone = UTC): WallClock {
  const ms = Date.parse(isoTime);
  if (Number.isNaN(ms)) throw new Error(`not a time: ${isoTime}`);
  const date = new Date(wallAsUtc(ms, timeZone));
  return {
    year: date.getUTCFullYear(),
    month: date.getUTCMonth() + 1,
    day: date.getUTCDate(),
    weekday: date.getUTCDay(),
    hour: date.getUTCHours(),
    minute: date.getUTCMinutes(),
  };
}

const two = (n: number) => String(n).padStart(2, '0');

/** "15:00". */
export const clockTime = (clock: WallClock) => `${two(clock.hour)}:${two(clock.minute)}`;

/** The visitor's words for the call's start in their zone, named: "Tue 1 Dec, 23:30 (Asia/Kolkata)". */
export function visitorCallTime(isoTime: string, language: SiteLanguage, zone: string): string {
  const words = bookingMailStrings(language);
  const clock = wallClock(isoTime, zone);
  return words.when(
    words.weekdays[clock.weekday] as string,
    clock.day,
    words.months[clock.month - 1] as string,
    clockTime(clock),
    zoneLabel(zone),
  );
}

/** The owner's words for a time, in his zone (UTC when he set none): "Tue 1 Dec 15:00". */
export function ownerCallTime(isoTime: string, timeZone: string | undefined): string {
  const clock = wallClock(isoTime, timeZone ?? UTC);
  const weekday = englishWords.weekdays[clock.weekday] as string;
  const month = englishWords.months[clock.month - 1] as string;
  return `${weekday} ${clock.day} ${month} ${clockTime(clock)}`;
}
