/**
 * Times as a visitor reads them on the booking page and in the form's panel: in their time zone and language
 * ("ter., 1 de dez., 15:00"). Formatters are cached: a page shows dozens of times.
 */
import { zoneLabel } from '../contract/booking';
import { LANGUAGE_TAGS, type SiteLanguage } from '../contract/languages';

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatter(language: SiteLanguage, zone: string, kind: 'day' | 'time' | 'both'): Intl.DateTimeFormat {
  const key = `${language} ${zone} ${kind}`;
  let found = formatters.get(key);
  if (!found) {
    const day = { weekday: 'long', day: 'numeric', month: 'long' } as const;
    const time = { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' } as const;
    const options = kind === 'day' ? day : kind === 'time' ? time : { ...day, ...time };
    found = new Intl.DateTimeFormat(LANGUAGE_TAGS[language], { timeZone: zone, ...options });
    formatters.set(key, found);
  }
  return found;
}

/** "Tuesday, December 1" / "terça-feira, 1 de dezembro": a day's heading. */
export const dayLabel = (ms: number, zone: string, language: SiteLanguage) =>
  formatter(language, zone, 'day').format(ms);
/** "15:00": a slot within its day. */
export const timeLabel = (ms: number, zone: string, language: SiteLanguage) =>
  formatter(language, zone, 'time').format(ms);
/** "Tuesday, December 1 at 15:00 (America/Sao_Paulo)": a call, with the zone named. */
export const slotLabel = (ms: number, zone: string, language: SiteLanguage) =>
  `${formatter(language, zone, 'both').format(ms)} (${zoneLabel(zone)})`;

// Browsers built on ICU report some zones by their old names (Chromium says Asia/Calcutta for Asia/Kolkata): the
// visitor reads the name people use now.
const RENAMED: Record<string, string> = {
  'Asia/Calcutta': 'Asia/Kolkata',
  'Asia/Saigon': 'Asia/Ho_Chi_Minh',
  'Asia/Katmandu': 'Asia/Kathmandu',
  'Asia/Rangoon': 'Asia/Yangon',
  'America/Buenos_Aires': 'America/Argentina/Buenos_Aires',
  'Europe/Kiev': 'Europe/Kyiv',
  'Atlantic/Faeroe': 'Atlantic/Faroe',
  'Pacific/Truk': 'Pacific/Chuuk',
};

/** A zone's current name (Asia/Kolkata for Asia/Calcutta); the same zone either way. */
export const currentZoneName = (zone: string): string => RENAMED[zone] ?? zone;

/** The zones the select offers: the visitor's own first if it is not among them. Where the site's visitors are. */
const ZONES = [
  'America/Sao_Paulo',
  'America/Argentina/Buenos_Aires',
  'America/Santiago',
  'America/Bogota',
  'America/Lima',
  'America/Mexico_City',
  'America/New_York',
  'America/Chicago',
  'America/Denver',
  'America/Los_Angeles',
  'America/Toronto',
  'Europe/London',
  'Europe/Lisbon',
  'Europe/Madrid',
  'Europe/Paris',
  'Europe/Berlin',
  'Europe/Moscow',
  'Asia/Dubai',
  'Asia/Kolkata',
  'Asia/Singapore',
  'Asia/Tokyo',
  'Australia/Sydney',
  'UTC',
];

export const bookingZones = (current: string): string[] => (ZONES.includes(current) ? ZONES : [current, ...ZONES]);
