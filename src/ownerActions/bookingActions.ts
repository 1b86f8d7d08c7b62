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
 * `warning`: what the change leaves for him to do. A new meeting link is put in the invitations of calls booked
 * from now on; those already sent keep the old one, so he is told how many calls to send it to.
 */
export type AvailabilityChange =
  | { kind: 'set'; key: AvailabilityKey; availability: Availability; line: string; warning?: string }
  | { kind: 'invalid'; error: string };

/** What setting several keys at once did: each key's line, as `booking show` prints it, or each key's error. */
export type AvailabilityChanges =
  | { kind: 'set'; lines: string[]; warnings: string[] }
  | { kind: 'invalid'; errors: Partial<Record<AvailabilityKey, string>> };

/** The calls booked before a new meeting link, whose invitations keep the old one. */
function oldLinkWarning(calls: number): string | undefined {
  if (calls === 0) return undefined;
  const which =
    calls === 1
      ? 'The call already booked keeps the old meeting link in its invitation'
      : `The ${calls} calls already booked keep the old meeting link in their invitations`;
  return `${which}: send the new one yourself.`;
}

export interface BookingActionsDeps {
  db: Db;
  availability: AvailabilityTable;
  bookings: Pick<Bookings, 'settings' | 'cancelByOwner' | 'upcoming' | 'callsToCome' | 'ofLead' | 'callOf' | 'offered'>;
  activity: Activity;
}

const isKey = (key: string): key is AvailabilityKey => (AVAILABILITY_KEYS as readonly string[]).includes(key);

export function createBookingActions({ db, availability, bookings, activity }: BookingActionsDeps) {
  /** Sets one key from its text; a bad key or value changes nothing and says what was expected. */
  function set(actor: Actor, key: string, value: string): AvailabilityChange {
    if (!isKey(key)) return { kind: 'invalid', error: unknownKeyError(key) };
    const parsed = parseAvailabilityValue(key, value);
    if (!parsed.ok) return { kind: 'invalid', error: parsed.error };
    const current = bookings.settings();
    const next = { ...current, ...parsed.patch };
    availability.set(key, storedValue(key, next));
    const line = availabilityLines(next)[AVAILABILITY_KEYS.indexOf(key)] ?? key;
    activity.record(actor, 'booking-changed', line);
    const linkChanged = next.meetingUrl !== current.meetingUrl;
    const warning = linkChanged ? oldLinkWarning(bookings.callsToCome()) : undefined;
    return { kind: 'set', key, availability: next, line, ...(warning ? { warning } : {}) };
  }

  // The form's keys are saved together or not at all (a write that fails halfway saves none, nor its lines).
  const setEach = db.transaction((actor: Actor, changed: readonly [AvailabilityKey, string][]) => {
    const done = changed.map(([key, value]) => set(actor, key, value));
    const lines = done.flatMap((change) => (change.kind === 'set' ? [change.line] : []));
    const warnings = done.flatMap((change) => (change.kind === 'set' && change.warning ? [change.warning] : []));
    return { lines, warnings };
  });

  return {
    /** His availability now, each key's value (the feed's address in full: whoever shows it masks it). */
    settings: () => bookings.settings(),
    /** What a new booking link would offer now, and how his calendar's reads went: his check before and after. */
    offered: () => bookings.offered(),
    /** `booking show`: each key and value, one per line. */
    lines: () => availabilityLines(bookings.settings()),
    /** Sets one key from its text (`booking set KEY VALUE`). */
    set,
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
