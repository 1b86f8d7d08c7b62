/**
 * What the owner does about booking, once for the inbox and the CLI (`booking show|set KEY VALUE`): read and change
 * his availability, one key at a time through the one parser, and cancel a lead's call. Each change writes its
 * line of activity; the feed's address is a secret, so a change of it is logged without it.
 */
import type { Availability } from '../contract/booking';
import { AVAILABILITY_KEYS, type AvailabilityKey } from '../contract/booking';
import { availabilityLines, parseAvailabilityValue, storedValue, unknownKeyError } from '../booking/availability';
import type { AvailabilityTable } from '../booking/availabilityTable';
import type { Bookings } from '../booking/bookingService';
import type { BookingRow } from '../booking/bookingsTable';
import type { Db } from '../storage/database';
import type { Activity, Actor } from './activity';

/**
 * `notice`: what the change did beyond the key. A new meeting link goes to the calls already booked, in updated
 * invitations; a link removed leaves theirs as they were.
 */
export type AvailabilityChange =
  | { kind: 'set'; key: AvailabilityKey; availability: Availability; line: string; notice?: string }
  | { kind: 'invalid'; error: string };

/** What setting several keys at once did: each key's line, as `booking show` prints it, or each key's error. */
export type AvailabilityChanges =
  | { kind: 'set'; lines: string[]; notices: string[] }
  | { kind: 'invalid'; errors: Partial<Record<AvailabilityKey, string>> };

/** What a new meeting link (or none) means for the calls already booked. */
function roomNotice(calls: number, removed: boolean): string | undefined {
  if (calls === 0) return undefined;
  const one = calls === 1;
  if (removed)
    return one
      ? 'The call already booked keeps the old meeting link in its invitation.'
      : `The ${calls} calls already booked keep the old meeting link in their invitations.`;
  return one
    ? 'The call already booked gets an updated invitation with the new link, for you and the visitor.'
    : `The ${calls} calls already booked get an updated invitation with the new link, for you and each visitor.`;
}

export interface BookingActionsDeps {
  db: Db;
  availability: AvailabilityTable;
  bookings: Pick<
    Bookings,
    'settings' | 'cancelByOwner' | 'upcoming' | 'callsToCome' | 'sendNewRoom' | 'ofLead' | 'callOf' | 'offered'
  >;
  activity: Activity;
}

const isKey = (key: string): key is AvailabilityKey => (AVAILABILITY_KEYS as readonly string[]).includes(key);

export function createBookingActions({ db, availability, bookings, activity }: BookingActionsDeps) {
  /**
   * Sets one key from its text; a bad key or value changes nothing and says what was expected. A new meeting link
   * is saved with the updated invitations it sends, or not at all.
   */
  const set = db.transaction((actor: Actor, key: string, value: string): AvailabilityChange => {
    if (!isKey(key)) return { kind: 'invalid', error: unknownKeyError(key) };
    const parsed = parseAvailabilityValue(key, value);
    if (!parsed.ok) return { kind: 'invalid', error: parsed.error };
    const current = bookings.settings();
    const next = { ...current, ...parsed.patch };
    availability.set(key, storedValue(key, next));
    const line = availabilityLines(next)[AVAILABILITY_KEYS.indexOf(key)] ?? key;
    activity.record(actor, 'booking-changed', line);
    let notice: string | undefined;
    if (next.meetingUrl !== current.meetingUrl)
      notice =
        next.meetingUrl === '' ? roomNotice(bookings.callsToCome(), true) : roomNotice(bookings.sendNewRoom(), false);
    return { kind: 'set', key, availability: next, line, ...(notice ? { notice } : {}) };
  });

  // The form's keys are saved together or not at all (a write that fails halfway saves none, nor its lines).
  const setEach = db.transaction((actor: Actor, changed: readonly [AvailabilityKey, string][]) => {
    const done = changed.map(([key, value]) => set(actor, key, value));
    const lines = done.flatMap((change) => (change.kind === 'set' ? [change.line] : []));
    const notices = done.flatMap((change) => (change.kind === 'set' && change.notice ? [change.notice] : []));
    return { lines, notices };
  });

  return {
    /** His availability now, each key's value (the feed's address in full: whoever shows it masks it). */
    settings: () => bookings.settings(),
    /** What a new booking link would offer now, and how his calendar's reads went: his check before and after. */
    offered: () => bookings.offered(),
    /** `booking show`: each key and value, one per line. */
    lines: () => availabilityLines(bookings.settings()),
    /** Sets one key from its text (`booking set KEY VALUE`). */
    set: (actor: Actor, key: string, value: string) => set.immediate(actor, key, value),
    /**
     * Sets the keys of a form at once (the inbox's Booking page): every value is checked first, so one bad value
     * saves none of them; then each key whose value changes is set, a line of activity each, in one transaction.
     */
    setAll(actor: Actor, values: ReadonlyMap<AvailabilityKey, string>): AvailabilityChanges {
      const current = bookings.settings();
      const errors: Partial<Record<AvailabilityKey, string>> = {};
      const changed: [AvailabilityKey, string][] = [];
      for (const [key, value] of values) {
        const parsed = parseAvailabilityValue(key, value);
        if (!parsed.ok) errors[key] = parsed.error;
        else if (storedValue(key, { ...current, ...parsed.patch }) !== storedValue(key, current))
          changed.push([key, value]);
      }
      if (Object.keys(errors).length > 0) return { kind: 'invalid', errors };
      return { kind: 'set', ...setEach.immediate(actor, changed) };
    },
    /** Cancels the lead's booked call: both get the CANCEL, the time is free again. */
    cancel(actor: Actor, leadId: number): BookingRow | 'none' | 'begun' {
      const row = bookings.cancelByOwner(leadId);
      if (typeof row === 'object') activity.record(actor, 'call-cancelled', `lead #${leadId}, ${row.starts_at}`);
      return row;
    },
    upcoming: (limit?: number) => bookings.upcoming(limit),
    ofLead: (leadId: number) => bookings.ofLead(leadId),
    /** The call the lead's link changes: its own, or its person's from an earlier lead. */
    callOf: (leadId: number) => bookings.callOf(leadId),
  };
}
