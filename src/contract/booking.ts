/**
 * Booking's contract: the booking page's address and fields, the owner's availability keys and their defaults,
 * and the times the rules are made of. The server, the pages, the CLI, the inbox and the tests read them here.
 */
import type { SiteLanguage } from './languages';

/** A booking page's path as bookingPath writes it, for a client that is handed one: /book/T, /pt/book/T. */
export const BOOKING_PATH_PATTERN = /^\/(?:[a-z]{2}\/)?book\/[\w.-]+$/;

/** The booking page of a lead's signed token, in the lead's language: /book/T, /pt/book/T, /es/book/T. */
export const bookingPath = (language: SiteLanguage, token: string): string =>
  `${language === 'en' ? '' : `/${language}`}/book/${token}`;

/** The fields of the booking page's forms (POST, form-encoded, same origin). */
export const BOOKING_FIELDS = {
  /** The chosen slot's start, as the page offered it: UTC ISO text, "2026-12-01T15:00:00.000Z". */
  slot: 'slot',
  /** What the form asks: 'book' (book, or move the booking to `slot`) or 'cancel'. */
  action: 'action',
  /** The visitor's time zone (an IANA name), the slots shown in it; also the page's query parameter. */
  zone: 'zone',
  /**
   * The address the lead's form was sent with, typed again to move or cancel a booked call: the link alone books
   * a first call, but does not change one (a link can be forwarded, or end up on a page a search engine reads).
   */
  email: 'email',
} as const;

/** A booking page's free times as data (GET with `Accept: application/json`), which the form's panel shows. */
export interface BookingTimes {
  /** The page's path in the lead's language. */
  path: string;
  lengthMinutes: number;
  /** The booked call's start (UTC ISO text), or null. */
  booked: string | null;
  /** False once the booked call is too near (or under way) to move or cancel here: no time is offered then. */
  changeable: boolean;
  /** The free times' starts (UTC ISO text), or 'unavailable' while his calendar cannot be read. */
  slots: string[] | 'unavailable';
}

/** The values of the `action` field: book (or move the booking to `slot`), or cancel. */
export const BOOKING_ACTIONS = { book: 'book', cancel: 'cancel' } as const;

/** Who cancelled a call: the visitor on their booking link, the owner from his inbox, or the erasure of the person. */
export type CancelledBy = 'visitor' | 'owner' | 'erasure';

/** An IANA zone as people read it: "America/Sao Paulo". */
export const zoneLabel = (zone: string): string => zone.replaceAll('_', ' ');

/** A lead's booking link is valid this long after the lead was stored. */
export const BOOKING_LINK_MS = 48 * 3_600_000;
/**
 * The booking's own link (in the invite e-mail) moves or cancels it until this many hours before the call. The
 * pages' sentences say "less than N hours" with this number (a plural: keep it above 1).
 */
export const CHANGE_CUTOFF_HOURS = 2;
export const CHANGE_CUTOFF_MS = CHANGE_CUTOFF_HOURS * 3_600_000;

/** A weekday as the hours name it: 0 Monday ... 6 Sunday. */
export const WEEKDAYS = ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'] as const;
export type Weekday = (typeof WEEKDAYS)[number];

/** A range of a day in the owner's time zone, in minutes after midnight: 09:00-17:00 is { from: 540, to: 1020 }. */
export interface DayRange {
  from: number;
  to: number;
}

/** His hours of a week: each weekday's ranges, in his time zone. */
export type WeeklyHours = Record<Weekday, DayRange[]>;

/** A week with no hours. */
export const emptyWeek = (): WeeklyHours => ({ mon: [], tue: [], wed: [], thu: [], fri: [], sat: [], sun: [] });

/** How `hours` is written, as the CLI's error and the inbox's hint show it. */
export const HOURS_EXAMPLE = 'mon-fri 09:00-17:00; sat 10:00-12:00';

/** The unit of each numeric key, as its error and its field name it. */
export const AVAILABILITY_UNITS = { length: 'minutes', buffer: 'minutes', notice: 'hours', days: 'days' } as const;

/** The owner's availability: what `booking show` prints and `booking set` and the inbox's Booking page change. */
export interface Availability {
  /** Off until he turns it on: no booking link, no booking page. */
  enabled: boolean;
  /** His weekly hours, per weekday, in his time zone (OWNER_TIME_ZONE); several ranges a day allowed. */
  hours: WeeklyHours;
  /** A call's length, in minutes. */
  lengthMinutes: number;
  /** Kept free before and after every call, in minutes. */
  bufferMinutes: number;
  /** The earliest slot offered is this many hours from now. */
  noticeHours: number;
  /** Slots are offered up to the end of the day this many days after today (his time zone). */
  daysAhead: number;
  /** His meeting room (Zoom, Meet), put in the invites; empty until set. */
  meetingUrl: string;
  /** His calendar's secret ICS feed; empty until set. A secret: never logged, shown masked after its host. */
  feedUrl: string;
}

/** The availability keys, as `npm run leads -- booking set KEY VALUE` names them, in `booking show`'s order. */
export const AVAILABILITY_KEYS = [
  'enabled',
  'hours',
  'length',
  'buffer',
  'notice',
  'days',
  'meeting-url',
  'feed-url',
] as const;
export type AvailabilityKey = (typeof AVAILABILITY_KEYS)[number];

export const DEFAULT_AVAILABILITY: Availability = {
  enabled: false,
  hours: emptyWeek(),
  lengthMinutes: 30,
  bufferMinutes: 15,
  noticeHours: 12,
  daysAhead: 14,
  meetingUrl: '',
  feedUrl: '',
};

/** A span of time, in milliseconds since the epoch: [start, end). */
export interface Interval {
  start: number;
  end: number;
}

/** The feed is read again when its copy is older than this... */
export const FEED_FRESH_MS = 5 * 60_000;
/** ...and, after a failed read, again after this long at most. */
export const FEED_RETRY_MS = 60_000;
/** A good copy serves for this long after it was read; after that, with no newer one, no slot is offered. */
export const FEED_STALE_MS = 24 * 3_600_000;
/** A read of the feed that takes longer than this fails. */
export const FEED_TIMEOUT_MS = 5_000;
/** A request waits this long at most for a read while a good copy can answer it; the read goes on for the next. */
export const FEED_WAIT_MS = 1_000;
/**
 * A text whose expansion failed is not expanded again for this long, however often it is read again unchanged: a
 * calendar that holds its process until the timeout would otherwise cost that much CPU every FEED_RETRY_MS.
 */
export const FEED_EXPANSION_RETRY_MS = 15 * 60_000;
