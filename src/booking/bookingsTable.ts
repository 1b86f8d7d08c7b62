/**
 * The bookings and the owner's time they hold: every SQL statement on `bookings` and `booking_holds`. A booking is
 * one row per lead, changed in place by a move, a cancel, a new booking after a cancel or his new meeting link. Its
 * holds are rows of half-minutes, from half the buffer before the call to half the buffer after it: two calls
 * closer than the buffer would hold a half-minute twice, which the primary key refuses, so no request can book
 * over another.
 */
import type { CancelledBy } from '../contract/booking';
import type { Db } from '../storage/database';

export interface BookingRow {
  id: number;
  lead_id: number;
  uid: string;
  starts_at: string;
  ends_at: string;
  status: 'booked' | 'cancelled';
  sequence: number;
  event: 'created' | 'moved' | 'cancelled';
  created_at: string;
  updated_at: string;
  /** Set at a cancel, cleared when the lead books again. */
  cancelled_by: CancelledBy | null;
  /** The zone the visitor booked in; null for a booking made before it was kept. */
  zone: string | null;
  /** When his new meeting link was sent in an updated invitation; cleared by the next move or cancel. */
  room_changed_at: string | null;
}

/** A call to book: its UID (kept when it moves an existing booking), its times (UTC ms), the visitor's zone. */
export interface NewCall {
  uid: string;
  start: number;
  end: number;
  zone: string;
}

/** An upcoming call with the lead it is with, for the owner's list. */
export type UpcomingRow = BookingRow & { name: string; company: string; language: string };

const HALF_MINUTE_MS = 30_000;

/** Thrown when the time a booking would hold is held by another call: nothing was written. */
export class TimeTaken extends Error {
  constructor() {
    super('this time is held by another call');
  }
}

export type BookingsTable = ReturnType<typeof createBookingsTable>;

export function createBookingsTable(db: Db) {
  const ofLead = db.prepare<[number], BookingRow>('SELECT * FROM bookings WHERE lead_id = ?');
  const insert = db.prepare<
    { leadId: number; uid: string; startsAt: string; endsAt: string; at: string; zone: string },
    { id: number }
  >(`
    INSERT INTO bookings (lead_id, uid, starts_at, ends_at, status, sequence, event, created_at, updated_at, zone)
    VALUES (@leadId, @uid, @startsAt, @endsAt, 'booked', 0, 'created', @at, @at, @zone) RETURNING id`);
  // A new time for the lead's one booking: moved when it was booked, booked anew after a cancel. Either way the
  // same UID with a higher SEQUENCE, so a calendar that got the cancel (or, when alerts collapsed, never did)
  // updates its one event instead of keeping a stale one beside the new.
  const move = db.prepare<{ id: number; startsAt: string; endsAt: string; at: string; zone: string }>(`
    UPDATE bookings SET starts_at = @startsAt, ends_at = @endsAt, zone = @zone, sequence = sequence + 1, updated_at = @at,
                        event = CASE status WHEN 'booked' THEN 'moved' ELSE 'created' END, status = 'booked',
                        cancelled_by = NULL, room_changed_at = NULL
    WHERE id = @id`);
  const cancel = db.prepare<{ id: number; at: string; by: CancelledBy }>(`
    UPDATE bookings SET status = 'cancelled', event = 'cancelled', sequence = sequence + 1, updated_at = @at,
                        cancelled_by = @by, room_changed_at = NULL
    WHERE id = @id AND status = 'booked'`);
  // A new meeting link for every call not begun: one more SEQUENCE of the same UID, so calendars update the event.
  const changeRoom = db.prepare<{ at: string }, number>(`
    UPDATE bookings SET sequence = sequence + 1, updated_at = @at, room_changed_at = @at
    WHERE status = 'booked' AND starts_at > @at RETURNING lead_id`);
  const hold = db.prepare<[number, number]>('INSERT INTO booking_holds (unit, booking_id) VALUES (?, ?)');
  const release = db.prepare<[number]>('DELETE FROM booking_holds WHERE booking_id = ?');
  const between = db.prepare<{ from: string; to: string; except: number }, { starts_at: string; ends_at: string }>(`
    SELECT starts_at, ends_at FROM bookings
    WHERE status = 'booked' AND starts_at < @to AND ends_at > @from AND lead_id != @except`);
  const upcoming = db.prepare<[string, number], UpcomingRow>(`
    SELECT bookings.*, leads.name, leads.company, leads.language FROM bookings JOIN leads ON leads.id = bookings.lead_id
    WHERE bookings.status = 'booked' AND bookings.ends_at > ? ORDER BY bookings.starts_at LIMIT ?`);
  const upcomingOfPerson = db.prepare<[string, string], BookingRow>(`
    SELECT bookings.* FROM bookings JOIN leads ON leads.id = bookings.lead_id
    WHERE leads.email_key = ? AND bookings.status = 'booked' AND bookings.ends_at > ?
    ORDER BY bookings.starts_at LIMIT 1`);
  const leadsWithCallsToCome = db.prepare<[string], number>(
    "SELECT lead_id FROM bookings WHERE status = 'booked' AND ends_at > ?",
  );
  const futureOfLeads = db.prepare<[string, string], BookingRow>(`
    SELECT * FROM bookings WHERE status = 'booked' AND ends_at > ?
      AND lead_id IN (SELECT value FROM json_each(?))`);

  /** Holds [start - buffer/2, end + buffer/2) for the booking, in half-minutes; throws TimeTaken if any is held. */
  function holdTime(bookingId: number, start: number, end: number, bufferMinutes: number): void {
    release.run(bookingId);
    const first = Math.floor(start / HALF_MINUTE_MS) - bufferMinutes;
    const last = Math.ceil(end / HALF_MINUTE_MS) + bufferMinutes;
    try {
      for (let unit = first; unit < last; unit++) hold.run(unit, bookingId);
    } catch (err) {
      if ((err as { code?: string }).code === 'SQLITE_CONSTRAINT_PRIMARYKEY') throw new TimeTaken();
      throw err;
    }
  }

  return {
    ofLead: (leadId: number): BookingRow | undefined => ofLead.get(leadId),
    /** Books the lead's call (or moves its one booking), holding its time; throws TimeTaken. Run in a transaction. */
    book(leadId: number, call: NewCall, bufferMinutes: number, at: string): BookingRow {
      const { uid, start, end, zone } = call;
      const startsAt = new Date(start).toISOString();
      const endsAt = new Date(end).toISOString();
      const existing = ofLead.get(leadId);
      let id: number;
      if (existing) {
        move.run({ id: existing.id, startsAt, endsAt, at, zone });
        id = existing.id;
      } else [{ id }] = insert.all({ leadId, uid, startsAt, endsAt, at, zone }) as [{ id: number }];
      holdTime(id, start, end, bufferMinutes);
      return ofLead.get(leadId) as BookingRow;
    },
    /** Cancels the lead's booking and frees its time; undefined when it had none booked. */
    cancel(leadId: number, at: string, by: CancelledBy): BookingRow | undefined {
      const existing = ofLead.get(leadId);
      if (!existing || cancel.run({ id: existing.id, at, by }).changes === 0) return undefined;
      release.run(existing.id);
      return ofLead.get(leadId);
    },
    /** Marks every call not begun as sent the new meeting link (a higher sequence each); their leads. */
    changeRoom: (at: string): number[] => changeRoom.pluck().all({ at }) as number[],
    /** The booked calls overlapping [from, to) but the lead's own (a move never collides with itself). */
    bookedBetween: (from: number, to: number, exceptLead = 0) =>
      between
        .all({ from: new Date(from).toISOString(), to: new Date(to).toISOString(), except: exceptLead })
        .map((row) => ({ start: Date.parse(row.starts_at), end: Date.parse(row.ends_at) })),
    /** Calls not over yet, soonest first, with their lead's name, company and language. */
    upcoming: (now: number, limit = 100): UpcomingRow[] => upcoming.all(new Date(now).toISOString(), limit),
    /** The person's call not over yet, whichever of their leads booked it (by their address's key, email_key). */
    upcomingOfPerson: (emailKey: string, now: number): BookingRow | undefined =>
      emailKey === '' ? undefined : upcomingOfPerson.get(emailKey, new Date(now).toISOString()),
    /** The leads whose booked call is not over yet (retention keeps them until it is). */
    leadsWithCallsToCome: (now: number): number[] =>
      leadsWithCallsToCome.pluck().all(new Date(now).toISOString()) as number[],
    /** The future booked calls of these leads (an erasure cancels them). */
    futureOfLeads: (leadIds: readonly number[], now: number): BookingRow[] =>
      futureOfLeads.all(new Date(now).toISOString(), JSON.stringify(leadIds)),
  };
}
