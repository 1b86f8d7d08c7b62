/**
 * What a booking link shows, read and never written: the link's lead, the call it changes (the lead's own, or the
 * person's from an earlier lead: one person, one call), whether that call can still change, and the free slots his
 * hours, his calendar's busy times and the other calls leave. The booking service changes what this reads.
 */
import { type Availability, CHANGE_CUTOFF_MS, type Interval } from '../contract/booking';
import { languageOfTag, type SiteLanguage } from '../contract/languages';
import { DAY_MS } from '../lib/time';
import type { AvailabilityTable } from './availabilityTable';
import { availabilityOf } from './availability';
import type { BookingLinks } from './bookingLinks';
import type { BookingRow, BookingsTable } from './bookingsTable';
import type { Feed, FeedStatus } from './feed';
import { freeSlots } from './slots';

/** The lead a booking is for, as the leads table has it. */
export interface BookingLead {
  id: number;
  created_at: string;
  /** The canonical key of the lead's address: one person, whichever of their leads. */
  email_key: string;
  name: string;
  language: string;
  verdict: string;
}

export interface BookingViewDeps {
  bookingsTable: BookingsTable;
  availability: AvailabilityTable;
  feed: Feed;
  links: BookingLinks;
  lead: (id: number) => BookingLead | undefined;
  ownerTimeZone: string;
  now: () => number;
}

/** What a booking link shows: the lead's call if booked, and the free slots (or none to offer, and why). */
export type BookingView =
  | { kind: 'invalid' | 'expired' | 'off' }
  | {
      kind: 'open';
      token: string;
      lead: BookingLead;
      language: SiteLanguage;
      booking: BookingRow | undefined;
      /**
       * 'unavailable': his calendar could not be read, so no time is offered (he replies by e-mail). 'off': booking
       * is turned off, and the link still shows the lead's call (or that it was cancelled), which it can cancel.
       */
      slots: Interval[] | 'unavailable' | 'off';
      /** False within 2 hours of the call: it can no longer be moved or cancelled here. */
      changeable: boolean;
      /** The call has ended (a link still valid after it): it took place. */
      over: boolean;
      lengthMinutes: number;
    };

/**
 * What a new booking link would offer now (the owner's Booking page shows it, on or off): the free times; why none
 * is, when that is not just a full calendar (his calendar cannot be read, or he set no weekly hours); and how his
 * calendar's reads went, when he has one.
 */
export interface Offered {
  slots: Interval[];
  none?: 'calendar' | 'no-hours';
  calendar?: FeedStatus;
}

/** A call's time has come (under way or over): the owner can no longer cancel it. */
export const callHasBegun = (row: Pick<BookingRow, 'starts_at'>, now: number): boolean =>
  Date.parse(row.starts_at) <= now;

export const isBooked = (row: BookingRow | undefined): row is BookingRow => row?.status === 'booked';

export function createBookingView(deps: BookingViewDeps) {
  const { bookingsTable, feed, links, now } = deps;
  const settings = (): Availability => availabilityOf(deps.availability.rows());

  /**
   * The call a lead's link changes: the lead's own booked call, else its person's call still to come from an earlier
   * lead. One person, one call: a person who sent the form again gets that call to move or cancel, never a second.
   */
  function callOf(lead: Pick<BookingLead, 'id' | 'email_key'>, at: number): BookingRow | undefined {
    const own = bookingsTable.ofLead(lead.id);
    return isBooked(own) ? own : bookingsTable.upcomingOfPerson(lead.email_key, at);
  }

  /** The free slots at `at`; `withBookings` false leaves the other calls out (was a time taken, or never free?). */
  async function slotsFor(rules: Availability, leadId: number, at: number, withBookings = true) {
    const window = { start: at, end: at + (rules.daysAhead + 2) * DAY_MS };
    let busy: Interval[] = [];
    if (rules.feedUrl !== '') {
      const read = await feed.busy(rules.feedUrl, window, deps.ownerTimeZone);
      if (!read.ok) return 'unavailable';
      busy = read.busy;
    }
    const booked = withBookings ? bookingsTable.bookedBetween(window.start - DAY_MS, window.end + DAY_MS, leadId) : [];
    return freeSlots({ availability: rules, ownerTimeZone: deps.ownerTimeZone, now: at, busy, booked });
  }

  async function view(token: string): Promise<BookingView> {
    const at = now();
    const check = links.check(token, at);
    if (!check.ok) return { kind: check.reason };
    const lead = deps.lead(check.leadId);
    if (lead?.verdict !== 'verified') return { kind: 'invalid' };
    const rules = settings();
    const booked = callOf(lead, at);
    // Turned off, booking offers no time; a lead with a call (or one cancelled) still sees it, and may cancel it.
    if (!rules.enabled && !booked && !bookingsTable.ofLead(lead.id)) return { kind: 'off' };
    const changeable = !booked || Date.parse(booked.starts_at) - CHANGE_CUTOFF_MS > at;
    const free = !rules.enabled ? 'off' : changeable ? await slotsFor(rules, booked?.lead_id ?? lead.id, at) : [];
    // The call's own time is not offered again: picking it would move the call nowhere.
    const slots =
      typeof free === 'string' || !booked ? free : free.filter((s) => s.start !== Date.parse(booked.starts_at));
    return {
      kind: 'open',
      token,
      lead,
      language: languageOfTag(lead.language),
      booking: booked,
      slots,
      changeable,
      over: booked !== undefined && Date.parse(booked.ends_at) <= at,
      lengthMinutes: rules.lengthMinutes,
    };
  }

  /** What a new link would offer now, whether booking is on or not; reads his calendar if its copy is due. */
  async function offered(): Promise<Offered> {
    const rules = settings();
    const free = await slotsFor(rules, 0, now());
    const noHours = Object.values(rules.hours).every((ranges) => ranges.length === 0);
    return {
      slots: free === 'unavailable' ? [] : free,
      ...(free === 'unavailable' ? { none: 'calendar' } : noHours ? { none: 'no-hours' } : {}),
      ...(rules.feedUrl === '' ? {} : { calendar: feed.status(rules.feedUrl) }),
    };
  }

  return { settings, slotsFor, view, callOf, offered };
}
