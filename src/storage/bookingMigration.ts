/**
 * Version 16, apart from the list in migrations.ts for its length: calls booked on the site.
 * - availability: the owner's booking settings, one row per key (src/contract/booking.ts names them); a key
 *   without a row has its default.
 * - feed_copies: the last good copy of his calendar's ICS feed (one row), so a restart does not lose it, and when
 *   the last read failed. url_key is a hash of the feed's address: a copy of another feed is never used, and the
 *   address itself (a secret) is kept once, in availability.
 * - bookings: one row per lead at most, ever: moving a booking, or booking again after cancelling, changes the row
 *   (its sequence counts the versions its invites have had). uid is the invites' UID, fixed for the booking.
 * - booking_holds: the owner's time a booked call holds, in half-minutes since the epoch, from half the buffer
 *   before its start to half the buffer after its end. Its primary key is what makes two calls that would
 *   overlap, or come closer than the buffer, impossible: the second insert fails, whatever the two requests read.
 * - alerts.again: an alert asked for again while an attempt at it was under way (a booking moved while its invite
 *   was being sent): that attempt's end puts it back to pending instead of sent or failed.
 */
export const BOOKINGS = `
  CREATE TABLE availability (key TEXT PRIMARY KEY, value TEXT NOT NULL) STRICT;
  CREATE TABLE feed_copies (
    id INTEGER PRIMARY KEY CHECK (id = 1),
    url_key TEXT NOT NULL,
    body TEXT,
    read_at TEXT,
    failed_at TEXT,
    error TEXT
  ) STRICT;
  CREATE TABLE bookings (
    id INTEGER PRIMARY KEY,
    lead_id INTEGER NOT NULL UNIQUE REFERENCES leads (id) ON DELETE CASCADE,
    uid TEXT NOT NULL UNIQUE,
    starts_at TEXT NOT NULL,
    ends_at TEXT NOT NULL,
    status TEXT NOT NULL CHECK (status IN ('booked', 'cancelled')),
    sequence INTEGER NOT NULL DEFAULT 0,
    event TEXT NOT NULL CHECK (event IN ('created', 'moved', 'cancelled')),
    created_at TEXT NOT NULL,
    updated_at TEXT NOT NULL,
    cancelled_by TEXT
  ) STRICT;
  CREATE INDEX bookings_upcoming ON bookings (starts_at) WHERE status = 'booked';
  CREATE TABLE booking_holds (
    unit INTEGER PRIMARY KEY,
    booking_id INTEGER NOT NULL REFERENCES bookings (id) ON DELETE CASCADE
  ) STRICT;
  CREATE INDEX booking_holds_booking ON booking_holds (booking_id);
  ALTER TABLE alerts ADD COLUMN again INTEGER NOT NULL DEFAULT 0;
`;

/**
 * Version 17: the zone the visitor booked in (an IANA name, as the booking page's select sends it), set at each
 * booking and move, so their e-mails give the call's time on their own clock. NULL for a booking made before: its
 * e-mails keep UTC.
 */
export const BOOKING_ZONE = 'ALTER TABLE bookings ADD COLUMN zone TEXT;';

/**
 * Version 18: when the owner's new meeting link went out to a booked call in an updated invitation, so its e-mails
 * say the link changed rather than that the call was booked or moved. Cleared by the call's next move or cancel.
 */
export const BOOKING_ROOM_CHANGE = 'ALTER TABLE bookings ADD COLUMN room_changed_at TEXT;';
