/**
 * The owner's availability as text: the one parser of `booking set KEY VALUE` and the inbox's Booking page,
 * the canonical value each key is stored as, the availability read back from the stored rows, and the lines
 * `booking show` prints (the feed's secret address masked).
 */
import {
  AVAILABILITY_KEYS,
  AVAILABILITY_UNITS,
  type Availability,
  type AvailabilityKey,
  DEFAULT_AVAILABILITY,
  HOURS_EXAMPLE,
} from '../contract/booking';
import { parsedUrl } from '../config';
import { feedUrlProblem } from './feedRead';
import { formatHours, parseWeeklyHours } from './weeklyHours';

export type ParsedValue = { ok: true; patch: Partial<Availability> } | { ok: false; error: string };

/** The whole numbers each numeric key takes, and the field of Availability it sets. */
const NUMBERS = {
  length: { field: 'lengthMinutes', unit: AVAILABILITY_UNITS.length, min: 5, max: 240 },
  buffer: { field: 'bufferMinutes', unit: AVAILABILITY_UNITS.buffer, min: 0, max: 120 },
  notice: { field: 'noticeHours', unit: AVAILABILITY_UNITS.notice, min: 0, max: 720 },
  days: { field: 'daysAhead', unit: AVAILABILITY_UNITS.days, min: 1, max: 90 },
} as const;

const got = (value: string): string => ` (got "${value}")`;

/** The patch `value` makes to the availability for `key`, or an error naming the key and the form expected. */
export function parseAvailabilityValue(key: AvailabilityKey, value: string): ParsedValue {
  const text = value.trim();
  switch (key) {
    case 'enabled': {
      const word = text.toLowerCase();
      if (word === 'true' || word === 'false') return { ok: true, patch: { enabled: word === 'true' } };
      return { ok: false, error: `enabled must be true or false${got(value)}` };
    }
    case 'hours': {
      const parsed = parseWeeklyHours(text);
      if (parsed.ok) return { ok: true, patch: { hours: parsed.hours } };
      const reason = parsed.reason ? `: ${parsed.reason}` : '';
      return { ok: false, error: `hours must be like "${HOURS_EXAMPLE}"${got(value)}${reason}` };
    }
    case 'length':
    case 'buffer':
    case 'notice':
    case 'days': {
      const { field, unit, min, max } = NUMBERS[key];
      const number = /^\d{1,4}$/.test(text) ? Number(text) : Number.NaN;
      if (number >= min && number <= max) return { ok: true, patch: { [field]: number } };
      return { ok: false, error: `${key} must be a whole number of ${unit} from ${min} to ${max}${got(value)}` };
    }
    case 'meeting-url': {
      if (text === '') return { ok: true, patch: { meetingUrl: '' } };
      if (parsedUrl(text)?.protocol === 'https:') return { ok: true, patch: { meetingUrl: text } };
      return { ok: false, error: `meeting-url must be an https: address, or empty to clear it${got(value)}` };
    }
    case 'feed-url': {
      if (text === '') return { ok: true, patch: { feedUrl: '' } };
      const problem = feedUrlProblem(text);
      return problem === undefined ? { ok: true, patch: { feedUrl: text } } : { ok: false, error: problem };
    }
  }
}

/** The error for a key that is none of the availability's. */
export function unknownKeyError(key: string): string {
  return `unknown key "${key}": use one of ${AVAILABILITY_KEYS.join(', ')}`;
}

/** The canonical text of one key's value: what the table stores, and what parseAvailabilityValue reads back. */
export function storedValue(key: AvailabilityKey, availability: Availability): string {
  switch (key) {
    case 'enabled':
      return String(availability.enabled);
    case 'hours':
      return formatHours(availability.hours);
    case 'length':
    case 'buffer':
    case 'notice':
    case 'days':
      return String(availability[NUMBERS[key].field]);
    case 'meeting-url':
      return availability.meetingUrl;
    case 'feed-url':
      return availability.feedUrl;
  }
}

/**
 * The availability the stored rows describe. A missing key, or a stored value today's parser refuses (written
 * under older rules), takes its default, so one bad row never hides the rest.
 */
export function availabilityOf(rows: ReadonlyMap<AvailabilityKey, string>): Availability {
  let availability = structuredClone(DEFAULT_AVAILABILITY);
  for (const key of AVAILABILITY_KEYS) {
    const value = rows.get(key);
    if (value === undefined) continue;
    const parsed = parseAvailabilityValue(key, value);
    if (parsed.ok) availability = { ...availability, ...parsed.patch };
  }
  return availability;
}

/** The feed's address as shown: its scheme and host, the rest (the secret) replaced: "https://host/…". */
export function maskFeedUrl(url: string): string {
  if (url === '') return '';
  const parsed = parsedUrl(url);
  // url.host leaves out any user:password, which would be as secret as the path.
  return parsed && parsed.host !== '' ? `${parsed.protocol}//${parsed.host}/…` : '…';
}

/** `booking show`'s lines, "key value" in AVAILABILITY_KEYS order; an empty value reads "(not set)". */
export function availabilityLines(availability: Availability): string[] {
  return AVAILABILITY_KEYS.map((key) => {
    const value = storedValue(key, availability);
    const shown = key === 'feed-url' ? maskFeedUrl(value) : value;
    return `${key} ${shown === '' ? '(not set)' : shown}`;
  });
}
