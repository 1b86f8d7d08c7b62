/**
 * Booking, assembled: the owner's availability, his calendar's feed and its kept copy, the bookings, the signed
 * links, and what the booking channels' alerts read of a booking (alerts.ts asks through `alertBooking`).
 */
import type { AlertQueue } from '../alerts/alertQueue';
import type { AlertBooking } from '../alerts/alertSender';
import { createAvailabilityTable } from '../booking/availabilityTable';
import { createBookingLinks } from '../booking/bookingLinks';
import { createBookings } from '../booking/bookingService';
import { createBookingsTable } from '../booking/bookingsTable';
import { createFeed } from '../booking/feed';
import { createFeedCopiesTable } from '../booking/feedCopiesTable';
import type { Config } from '../config';
import { languageOfTag } from '../contract/languages';
import type { LeadsTable } from '../leads/leadsTable';
import type { Db } from '../storage/database';

export interface BookingServiceDeps {
  db: Db;
  config: Config;
  leads: LeadsTable;
  queue: AlertQueue;
  /** The link secret (the mark links'). */
  secret: string;
  bookingChannels: readonly string[];
  visitorChannels: readonly string[];
  inviteChannels: readonly string[];
  reminderChannels: readonly string[];
  now: () => number;
}

export function openBooking(deps: BookingServiceDeps) {
  const { db, config, leads, now } = deps;
  const bookingsTable = createBookingsTable(db);
  const availability = createAvailabilityTable(db);
  const bookings = createBookings({
    db,
    bookingsTable,
    availability,
    feed: createFeed({ table: createFeedCopiesTable(db), now }),
    queue: deps.queue,
    links: createBookingLinks(deps.secret),
    lead: (id) => leads.get(id),
    leadsOfPerson: (emailKey) => leads.byEmailKey(emailKey),
    bookingChannels: deps.bookingChannels,
    visitorChannels: deps.visitorChannels,
    inviteChannels: deps.inviteChannels,
    reminderChannels: deps.reminderChannels,
    followUpAfterMs: config.followUpAfterMs,
    ownerTimeZone: config.ownerTimeZone,
    publicUrl: config.publicUrl,
    now,
  });
  return {
    bookings,
    availability,
    /** The leads whose booked call is not over yet: retention keeps them. */
    leadsWithCallsToCome: (at: number) => bookingsTable.leadsWithCallsToCome(at),
    /** The lead's booking as its alerts tell it, or undefined when it has none. */
    alertBooking(leadId: number, language: string): AlertBooking | undefined {
      const row = bookingsTable.ofLead(leadId);
      if (!row) return undefined;
      const booked = row.status === 'booked';
      return {
        uid: row.uid,
        startsAt: row.starts_at,
        endsAt: row.ends_at,
        status: row.status,
        sequence: row.sequence,
        event: row.event,
        ...(booked && row.room_changed_at !== null ? { roomChanged: true } : {}),
        changedAt: row.updated_at,
        meetingUrl: bookings.settings().meetingUrl,
        visitorZone: row.zone ?? 'UTC',
        ...(booked ? { manageUrl: bookings.manageUrl(row, languageOfTag(language)) } : {}),
        ...(row.cancelled_by && !booked ? { cancelledBy: row.cancelled_by } : {}),
      };
    },
  };
}
