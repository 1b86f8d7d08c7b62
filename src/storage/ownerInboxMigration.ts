/**
 * Version 8, the owner's inbox, apart from the list in migrations.ts for its length. Passkeys are his only
 * credential (public keys: nothing here signs him in). Sessions and one-time links are kept as SHA-256 hashes of
 * their random tokens, so a copy of this file opens no session. owner_activity records what was done in the
 * inbox, never an address. Marks made in the inbox are 'inbox' marks: lead_marks is rebuilt for that value.
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

/**
 * Version 9, the inbox's search: an FTS5 index of each lead's name, company and address, by trigrams, so any part
 * of them is found without reading every row; accents do not count. It keeps no copy of the text (its content is
 * the leads table), triggers keep it in step, and its secure-delete option removes an erased lead's entries
 * instead of marking them deleted. The inbox's filters get an index each, in id order within a status or a
 * verdict, as the inbox pages them (leads_verdict is in time order, for the per-address limits). Version 11
 * (searchTextMigration.ts) replaced the index with one an older sqlite3 shell can read.
 */
export const LEADS_SEARCH = `
  CREATE VIRTUAL TABLE leads_search USING fts5(
    name, company, email, content = 'leads', content_rowid = 'id', tokenize = 'trigram remove_diacritics 1'
  );
  INSERT INTO leads_search (leads_search, rank) VALUES ('secure-delete', 1);
  INSERT INTO leads_search (leads_search) VALUES ('rebuild');
  CREATE TRIGGER leads_search_add AFTER INSERT ON leads BEGIN
    INSERT INTO leads_search (rowid, name, company, email) VALUES (new.id, new.name, new.company, new.email);
  END;
  CREATE TRIGGER leads_search_remove AFTER DELETE ON leads BEGIN
    INSERT INTO leads_search (leads_search, rowid, name, company, email)
      VALUES ('delete', old.id, old.name, old.company, old.email);
  END;
  CREATE TRIGGER leads_search_change AFTER UPDATE OF name, company, email ON leads BEGIN
    INSERT INTO leads_search (leads_search, rowid, name, company, email)
      VALUES ('delete', old.id, old.name, old.company, old.email);
    INSERT INTO leads_search (rowid, name, company, email) VALUES (new.id, new.name, new.company, new.email);
  END;
  CREATE INDEX leads_status ON leads (status);
  CREATE INDEX leads_verdict_newest ON leads (verdict);
`;
