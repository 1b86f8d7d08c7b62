/**
 * The database schema as an ordered list of migrations, which migrate.ts runs at start-up.
 * Never edit a released migration: append a new one.
 */
import type { Database } from 'better-sqlite3';
import { storedAddressKey } from '../lib/addressKey';
import { ALERT_RECEIPTS } from './alertReceiptsMigration';
import { BOOKING_ROOM_CHANGE, BOOKING_ZONE, BOOKINGS } from './bookingMigration';
import { CONTENT_REVISIONS } from './contentRevisionsMigration';
import { IMAGES } from './imagesMigration';
import { LEAD_LANGUAGE } from './languageMigration';
import { LEADS_SEARCH, OWNER_INBOX_TABLES } from './ownerInboxMigration';
import { foldedSearchText } from './searchTextMigration';
import { SESSIONS_OF_PASSKEYS } from './sessionsMigration';

/*
 * Why the tables look like this:
 * - leads: one row per lead, written once by the request.
 * - alerts: one row per (lead, channel). status is the alert's life: pending (to be sent or retried), sent (the
 *   provider accepted it: never send again), failed (gave up after the last attempt), skipped (channel not
 *   configured when the lead arrived), cancelled (the owner's mark made it needless), held (an auto-reply over the
 *   site-wide cap: never sent). next_attempt_at is when it is due; lease_until is set while an attempt is under
 *   way, so a crash mid-attempt is retried after the lease, and two processes never claim the same alert.
 *   The first migration kept this state in sms_* and email_* columns of leads.
 * - Times are UTC ISO-8601 text: readable in the shell and ordered as text.
 * - ip_hash is an HMAC of the client's network under a key never stored here (storage/ipHash.ts).
 * - dedupe_key (a hash of the normalised name, company and e-mail) finds an identical submission from the last
 *   minute with one indexed lookup.
 * - email_key is the address's canonical key (src/lib/addressKey.ts): every lookup of a person by address uses it.
 * - search_text is the name, company and address as the inbox's search compares them (src/storage/searchText.ts).
 * - language is the tag of the page the lead's form was on ('en', 'pt-BR', 'es').
 */
const channelColumns = (ch: 'sms' | 'email') => `
  ${ch}_status TEXT NOT NULL CHECK (${ch}_status IN ('pending', 'sent', 'failed', 'skipped')),
  ${ch}_attempts INTEGER NOT NULL DEFAULT 0,
  ${ch}_last_error TEXT,
  ${ch}_provider_message_id TEXT,
  ${ch}_sent_at TEXT,
  ${ch}_next_attempt_at TEXT`;

/** SQL, or a step that needs code (a value SQLite cannot compute). */
export type Migration = string | ((db: Database) => void);

export const migrations: readonly Migration[] = [
  `
  CREATE TABLE settings (
    key TEXT PRIMARY KEY,
    value TEXT NOT NULL
  ) STRICT;

  CREATE TABLE leads (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    created_at TEXT NOT NULL,
    name TEXT NOT NULL,
    company TEXT NOT NULL,
    email TEXT NOT NULL,
    user_agent TEXT,
    ip_hash TEXT,
    dedupe_key TEXT NOT NULL,
    ${channelColumns('sms')},
    ${channelColumns('email')}
  ) STRICT;

  CREATE INDEX leads_dedupe ON leads (dedupe_key, created_at);
  CREATE INDEX leads_sms_due ON leads (sms_next_attempt_at) WHERE sms_status = 'pending';
  CREATE INDEX leads_email_due ON leads (email_next_attempt_at) WHERE email_status = 'pending';
  `,
  // Alert state moves out of the leads row into one row per (lead, channel), so a new channel is a
  // new sender and not new columns. Every lead's state is carried over as it was; an attempt that
  // was under way (its lease held in *_next_attempt_at) is simply due again at that time.
  `
  CREATE TABLE alerts (
    lead_id INTEGER NOT NULL REFERENCES leads (id) ON DELETE CASCADE,
    channel TEXT NOT NULL,
    status TEXT NOT NULL CHECK (status IN ('pending', 'sent', 'failed', 'skipped')),
    attempts INTEGER NOT NULL DEFAULT 0,
    next_attempt_at TEXT,
    lease_until TEXT,
    provider_message_id TEXT,
    last_error TEXT,
    sent_at TEXT,
    PRIMARY KEY (lead_id, channel)
  ) STRICT;
  CREATE INDEX alerts_due ON alerts (channel, next_attempt_at) WHERE status = 'pending';
  ${['sms', 'email']
    .map(
      (ch) => `
  INSERT INTO alerts (lead_id, channel, status, attempts, next_attempt_at, provider_message_id, last_error, sent_at)
    SELECT id, '${ch}', ${ch}_status, ${ch}_attempts, CASE ${ch}_status WHEN 'pending' THEN ${ch}_next_attempt_at END,
           ${ch}_provider_message_id, ${ch}_last_error, ${ch}_sent_at
    FROM leads;
  DROP INDEX leads_${ch}_due;
  ${['status', 'attempts', 'last_error', 'provider_message_id', 'sent_at', 'next_attempt_at'].map((c) => `ALTER TABLE leads DROP COLUMN ${ch}_${c};`).join('\n  ')}`,
    )
    .join('\n')}
  `,
  // The stored IP hash was a SHA-256 salted with a value kept in this same database, so anyone
  // with a copy could try every IPv4 address in hours. The values made that way are dropped
  // with their salt; new values are keyed HMACs whose key is never stored (storage/ipHash.ts).
  `
  UPDATE leads SET ip_hash = NULL;
  DELETE FROM settings WHERE key = 'ip_hash_salt';
  `,
  // Every lead is graded verified, unverified or spam, with its reasons. Leads stored before
  // grading were all alerted as they came, so they count as verified. proofs_used makes a solved
  // challenge valid once, across processes: its id is inserted in the lead's own transaction.
  `
  ALTER TABLE leads ADD COLUMN verdict TEXT NOT NULL DEFAULT 'verified' CHECK (verdict IN ('verified', 'unverified', 'spam'));
  ALTER TABLE leads ADD COLUMN verdict_reasons TEXT NOT NULL DEFAULT '';
  CREATE INDEX leads_email ON leads (email COLLATE NOCASE, created_at);
  CREATE INDEX leads_verdict ON leads (verdict, created_at);
  CREATE TABLE proofs_used (
    id TEXT PRIMARY KEY,
    expires_at TEXT NOT NULL
  ) STRICT;
  `,
  // Where each lead came from, whether the owner answered it, and page views per day and source.
  // A lead is 'new' until the owner marks it; lead_marks keeps every change with its time (the
  // reply time of the report is the first mark). page_views holds counts only: no address, no
  // visitor. used_links makes each signed link of an alert e-mail work once. The pending alerts
  // get two indexes in place of one, waiting and under way, so finding the next due alert or the
  // attempts under way walks an index without reading rows (reminders wait pending for hours).
  `
  ALTER TABLE leads ADD COLUMN status TEXT NOT NULL DEFAULT 'new' CHECK (status IN ('new', 'contacted', 'won', 'lost'));
  ALTER TABLE leads ADD COLUMN utm_source TEXT;
  ALTER TABLE leads ADD COLUMN utm_medium TEXT;
  ALTER TABLE leads ADD COLUMN utm_campaign TEXT;
  ALTER TABLE leads ADD COLUMN utm_term TEXT;
  ALTER TABLE leads ADD COLUMN utm_content TEXT;
  ALTER TABLE leads ADD COLUMN referrer TEXT;
  CREATE TABLE lead_marks (
    lead_id INTEGER NOT NULL REFERENCES leads (id) ON DELETE CASCADE,
    status TEXT NOT NULL CHECK (status IN ('new', 'contacted', 'won', 'lost')),
    marked_at TEXT NOT NULL,
    via TEXT NOT NULL CHECK (via IN ('cli', 'link'))
  ) STRICT;
  CREATE INDEX lead_marks_lead ON lead_marks (lead_id, marked_at);
  CREATE TABLE page_views (
    day TEXT NOT NULL,
    source TEXT NOT NULL,
    views INTEGER NOT NULL,
    PRIMARY KEY (day, source)
  ) STRICT;
  CREATE TABLE used_links (
    id TEXT PRIMARY KEY,
    used_at TEXT NOT NULL
  ) STRICT;
  DROP INDEX alerts_due;
  CREATE INDEX alerts_waiting ON alerts (channel, next_attempt_at) WHERE status = 'pending' AND lease_until IS NULL;
  CREATE INDEX alerts_leased ON alerts (channel, lease_until) WHERE status = 'pending' AND lease_until IS NOT NULL;
  `,
  // A reminder the owner's mark made needless was 'skipped' with a last_error starting with
  // 'cancelled', which only a LIKE could tell from a channel that was off. It gets a status of its
  // own. SQLite cannot change a CHECK constraint, so the table is rebuilt: every row is copied as
  // it was (its last_error included), only those cancelled rows change status.
  `
  CREATE TABLE alerts_with_cancelled (
    lead_id INTEGER NOT NULL REFERENCES leads (id) ON DELETE CASCADE,
    channel TEXT NOT NULL,
    status TEXT NOT NULL CHECK (status IN ('pending', 'sent', 'failed', 'skipped', 'cancelled')),
    attempts INTEGER NOT NULL DEFAULT 0,
    next_attempt_at TEXT,
    lease_until TEXT,
    provider_message_id TEXT,
    last_error TEXT,
    sent_at TEXT,
    PRIMARY KEY (lead_id, channel)
  ) STRICT;
  INSERT INTO alerts_with_cancelled
    SELECT lead_id, channel,
           CASE WHEN status = 'skipped' AND last_error LIKE 'cancelled%' THEN 'cancelled' ELSE status END,
           attempts, next_attempt_at, lease_until, provider_message_id, last_error, sent_at
    FROM alerts;
  DROP TABLE alerts;
  ALTER TABLE alerts_with_cancelled RENAME TO alerts;
  CREATE INDEX alerts_waiting ON alerts (channel, next_attempt_at) WHERE status = 'pending' AND lease_until IS NULL;
  CREATE INDEX alerts_leased ON alerts (channel, lease_until) WHERE status = 'pending' AND lease_until IS NOT NULL;
  `,
  // One key per mailbox (src/lib/addressKey.ts): the limits, the auto-reply's once a day, export and
  // erasure compare it, so `ada@Ｇｍａｉｌ.com` and `ada@gmail.com` are one person. SQLite cannot
  // compute the UTS-46 mapping, so existing rows get theirs here, in code. An auto-reply the
  // site-wide cap kept from going out is 'held': the alerts table is rebuilt once more for it.
  (db) => {
    db.exec("ALTER TABLE leads ADD COLUMN email_key TEXT NOT NULL DEFAULT ''");
    const setKey = db.prepare<[string, number]>('UPDATE leads SET email_key = ? WHERE id = ?');
    for (const row of db.prepare<[], { id: number; email: string }>('SELECT id, email FROM leads').all())
      setKey.run(storedAddressKey(row.email), row.id);
    db.exec(`
      DROP INDEX leads_email;
      CREATE INDEX leads_email_key ON leads (email_key, created_at);
      CREATE TABLE alerts_with_held (
        lead_id INTEGER NOT NULL REFERENCES leads (id) ON DELETE CASCADE,
        channel TEXT NOT NULL,
        status TEXT NOT NULL CHECK (status IN ('pending', 'sent', 'failed', 'skipped', 'cancelled', 'held')),
        attempts INTEGER NOT NULL DEFAULT 0,
        next_attempt_at TEXT,
        lease_until TEXT,
        provider_message_id TEXT,
        last_error TEXT,
        sent_at TEXT,
        PRIMARY KEY (lead_id, channel)
      ) STRICT;
      INSERT INTO alerts_with_held SELECT * FROM alerts;
      DROP TABLE alerts;
      ALTER TABLE alerts_with_held RENAME TO alerts;
      CREATE INDEX alerts_waiting ON alerts (channel, next_attempt_at) WHERE status = 'pending' AND lease_until IS NULL;
      CREATE INDEX alerts_leased ON alerts (channel, lease_until) WHERE status = 'pending' AND lease_until IS NOT NULL;
    `);
  },
  // The owner's inbox: passkeys, sessions, one-time links, his activity; 'inbox' marks.
  OWNER_INBOX_TABLES,
  // The inbox's search: a trigram index of name, company and address, and the status filter's index.
  LEADS_SEARCH,
  // When an alert's attempts began, and what the provider reported after sending it.
  ALERT_RECEIPTS,
  // The search index again, over a folded copy of the text, in a form an older sqlite3 shell reads.
  foldedSearchText,
  // Sessions know their passkey and keep a notice; the owner's activity says where each action came from.
  SESSIONS_OF_PASSKEYS,
  // The page's content: its published revisions and the one draft.
  CONTENT_REVISIONS,
  // The uploaded images and their files, served from /assets/.
  IMAGES,
  // Each lead's language, and the page views counted per language.
  LEAD_LANGUAGE,
  // Calls booked on the site: his availability, his calendar's copy, the bookings and the time they hold.
  BOOKINGS,
  // The zone each visitor booked in, for their e-mails.
  BOOKING_ZONE,
  // When a new meeting link was sent to a booked call.
  BOOKING_ROOM_CHANGE,
];
