/**
 * Version 13, apart from the list in migrations.ts for its length. The page's words as data: every
 * published revision is kept (no cap: nothing is rewritten or deleted; restore copies one into the
 * draft), each with when, who and the dotted paths of the fields it changed from the one before. The
 * draft is one row whose version counts the saves, so a save based on an older version (two tabs,
 * the inbox and the CLI) is refused instead of overwriting. Bodies are the content as JSON; a draft
 * may fail the schema (nothing typed is lost), a revision satisfied the schema of its release. The
 * first revision (the shipped content) is written by the content actions when the services open.
 */
export const CONTENT_REVISIONS = `
  CREATE TABLE content_revisions (
    id INTEGER PRIMARY KEY,
    published_at TEXT NOT NULL,
    published_by TEXT NOT NULL,
    body TEXT NOT NULL,
    changed TEXT NOT NULL
  ) STRICT;
  CREATE TABLE content_draft (
    id INTEGER PRIMARY KEY CHECK (id = 1),
    version INTEGER NOT NULL,
    saved_at TEXT NOT NULL,
    saved_by TEXT NOT NULL,
    body TEXT NOT NULL
  ) STRICT;
`;
