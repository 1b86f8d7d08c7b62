/**
 * The database schema as an ordered list of migrations. PRAGMA user_version
 * records how many have run, so a database file from any older release is
 * brought up to date at start-up, each step in its own transaction.
 * Never edit a released migration: append a new one.
 */
import type { Database } from 'better-sqlite3';

/*
 * Why the leads table looks like this:
 * - One row per lead, with the alert state of each channel in its own columns
 *   (sms_*, email_*) rather than a separate alerts table: there are exactly two
 *   channels, the row is written once by the request and then only updated by
 *   the dispatcher, and an operator can read a lead's whole story with one
 *   SELECT in the sqlite3 shell.
 * - *_status is the alert's life: pending (to be sent or retried), sent
 *   (the provider accepted it: never send again), failed (gave up after the
 *   last attempt), skipped (channel not configured when the lead arrived).
 * - *_next_attempt_at is when the retry loop may try again; while an attempt is
 *   under way it holds a lease (now + a margin), so a crash mid-attempt is
 *   retried after a restart but not hammered.
 * - Times are UTC ISO-8601 text: readable in the shell and ordered as text.
 * - ip_hash is a salted SHA-256: lets an operator spot one source sending many
 *   leads without keeping the address itself.
 * - dedupe_key (a hash of the normalised name, company and e-mail) finds an
 *   identical submission from the last minute with one indexed lookup.
 */
const channelColumns = (ch: 'sms' | 'email') => `
  ${ch}_status TEXT NOT NULL CHECK (${ch}_status IN ('pending', 'sent', 'failed', 'skipped')),
  ${ch}_attempts INTEGER NOT NULL DEFAULT 0,
  ${ch}_last_error TEXT,
  ${ch}_provider_message_id TEXT,
  ${ch}_sent_at TEXT,
  ${ch}_next_attempt_at TEXT`;

export const migrations: readonly string[] = [
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
];

/** Runs the migrations this database has not seen yet. Returns the resulting schema version. */
export function migrate(db: Database): number {
  const current = db.pragma('user_version', { simple: true }) as number;
  if (current > migrations.length) {
    throw new Error(`The database schema (version ${current}) is newer than this release knows (${migrations.length}). Upgrade the application.`);
  }
  for (let version = current; version < migrations.length; version++) {
    db.transaction(() => {
      db.exec(migrations[version] as string);
      db.pragma(`user_version = ${version + 1}`);
    }).immediate();
  }
  return migrations.length;
}
