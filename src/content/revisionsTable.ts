/**
 * Every SQL statement on the content_revisions and content_draft tables: the page's published
 * revisions (never updated or deleted) and its one draft. Bodies are JSON text; parsing and the
 * schema are the content actions' (src/ownerActions/contentActions.ts). The database's type is
 * better-sqlite3's own: the content is a leaf that imports nothing of the layers above it.
 */
import type { Database as Db } from 'better-sqlite3';

export interface RevisionRow {
  id: number;
  published_at: string;
  published_by: string;
  /** The content as JSON. */
  body: string;
  /** A JSON list of the dotted paths that changed from the revision before. */
  changed: string;
}

export interface DraftRow {
  version: number;
  saved_at: string;
  saved_by: string;
  /** What was typed, as JSON: it may fail the schema. */
  body: string;
}

export type RevisionsTable = ReturnType<typeof createRevisionsTable>;

export function createRevisionsTable(db: Db) {
  const latestId = db.prepare<[], { id: number | null }>('SELECT max(id) AS id FROM content_revisions');
  const get = db.prepare<[number], RevisionRow>('SELECT * FROM content_revisions WHERE id = ?');
  const newestFirst = db.prepare<[], RevisionRow>('SELECT * FROM content_revisions ORDER BY id DESC');
  const history = db.prepare<[], Omit<RevisionRow, 'body'>>(
    'SELECT id, published_at, published_by, changed FROM content_revisions ORDER BY id DESC',
  );
  const add = db.prepare<Omit<RevisionRow, 'id'>>(
    'INSERT INTO content_revisions (published_at, published_by, body, changed) VALUES (@published_at, @published_by, @body, @changed)',
  );
  const addFirst = db.prepare<Omit<RevisionRow, 'id'>>(`
    INSERT OR IGNORE INTO content_revisions (id, published_at, published_by, body, changed)
    VALUES (1, @published_at, @published_by, @body, @changed)`);
  const draft = db.prepare<[], DraftRow>('SELECT version, saved_at, saved_by, body FROM content_draft WHERE id = 1');
  const saveDraft = db.prepare<DraftRow>(`
    INSERT INTO content_draft (id, version, saved_at, saved_by, body) VALUES (1, @version, @saved_at, @saved_by, @body)
    ON CONFLICT (id) DO UPDATE SET version = excluded.version, saved_at = excluded.saved_at,
      saved_by = excluded.saved_by, body = excluded.body`);
  return {
    /** The newest revision's number; 0 when none was published. */
    latestId: () => latestId.get()?.id ?? 0,
    get: (id: number) => get.get(id),
    /** Every revision with its body, newest first, read one at a time (the newest is usually the one wanted). */
    newestFirst: () => newestFirst.iterate(),
    /** Every revision without its body, newest first. */
    history: () => history.all(),
    /** Adds a revision; returns its number. */
    add: (row: Omit<RevisionRow, 'id'>) => Number(add.run(row).lastInsertRowid),
    /** Adds revision 1 unless there is one; true when it was added. */
    addFirst: (row: Omit<RevisionRow, 'id'>) => addFirst.run(row).changes === 1,
    draft: () => draft.get(),
    saveDraft: (row: DraftRow) => void saveDraft.run(row),
  };
}
