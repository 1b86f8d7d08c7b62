/**
 * The migration that made the owner's inbox (version 8), apart from the list in migrations.ts
 * for its length. Passkeys are his only credential (public keys: nothing here signs him in).
 * Sessions and one-time links are kept as SHA-256 hashes of their random tokens, so a copy of
 * this file opens no session. owner_activity records what was done in the inbox, never an
 * address. Marks made in the inbox are 'inbox' marks: lead_marks is rebuilt for that value.
 */
export const OWNER_INBOX_TABLES = `
  CREATE TABLE owner_passkeys (
    id TEXT PRIMARY KEY,
    public_key BLOB NOT NULL,
    counter INTEGER NOT NULL,
    transports TEXT NOT NULL,
    name TEXT NOT NULL,
    created_at TEXT NOT NULL,
    last_used_at TEXT
  ) STRICT;
  CREATE TABLE owner_sessions (
    id_hash TEXT PRIMARY KEY,
    created_at TEXT NOT NULL,
    last_seen_at TEXT NOT NULL,
    device TEXT NOT NULL,
    via TEXT NOT NULL CHECK (via IN ('passkey', 'link'))
  ) STRICT;
  CREATE TABLE owner_links (
    token_hash TEXT PRIMARY KEY,
    purpose TEXT NOT NULL CHECK (purpose IN ('register', 'sign-in')),
    created_at TEXT NOT NULL,
    expires_at TEXT NOT NULL,
    used_at TEXT
  ) STRICT;
  CREATE TABLE owner_activity (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    at TEXT NOT NULL,
    action TEXT NOT NULL,
    detail TEXT NOT NULL
  ) STRICT;
  CREATE TABLE lead_marks_with_inbox (
    lead_id INTEGER NOT NULL REFERENCES leads (id) ON DELETE CASCADE,
    status TEXT NOT NULL CHECK (status IN ('new', 'contacted', 'won', 'lost')),
    marked_at TEXT NOT NULL,
    via TEXT NOT NULL CHECK (via IN ('cli', 'link', 'inbox'))
  ) STRICT;
  INSERT INTO lead_marks_with_inbox SELECT * FROM lead_marks;
  DROP TABLE lead_marks;
  ALTER TABLE lead_marks_with_inbox RENAME TO lead_marks;
  CREATE INDEX lead_marks_lead ON lead_marks (lead_id, marked_at);
  `;
