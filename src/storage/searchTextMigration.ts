/**
 * Version 11: the inbox's search index, rebuilt so that an older sqlite3 shell can use the leads table. Version
 * 9's index folded accents with the trigram tokenizer's remove_diacritics, which SQLite before 3.45 cannot load,
 * and its FTS5 secure-delete option, once it has deleted, marks the index with a format SQLite before 3.42
 * refuses. The triggers on leads write to the index, so such a shell (Debian 12 has 3.40, Ubuntu 22.04 3.37)
 * could neither insert nor delete a lead.
 *
 * Now the text is folded in code (storage/searchText.ts) and kept in leads.search_text (existing rows get theirs
 * here: SQLite cannot fold it), and the index covers that column with the plain trigram tokenizer (SQLite 3.34 and
 * later), still without a copy of the text. Without secure-delete, a deleted lead's trigrams stay in the index's
 * older segments until they are merged: the leads table merges them away after every delete it makes
 * (leads/leadsTable.ts), so erasure still leaves no term of the person in the file.
 */
import type { Database } from 'better-sqlite3';
import { leadSearchText } from './searchText';

export function foldedSearchText(db: Database): void {
  db.exec(`
    DROP TRIGGER leads_search_add;
    DROP TRIGGER leads_search_remove;
    DROP TRIGGER leads_search_change;
    DROP TABLE leads_search;
    ALTER TABLE leads ADD COLUMN search_text TEXT NOT NULL DEFAULT '';
  `);
  const setText = db.prepare<[string, number]>('UPDATE leads SET search_text = ? WHERE id = ?');
  const rows = db.prepare<[], { id: number; name: string; company: string; email: string }>(
    'SELECT id, name, company, email FROM leads',
  );
  for (const row of rows.all()) setText.run(leadSearchText(row), row.id);
  db.exec(`
    CREATE VIRTUAL TABLE leads_search USING fts5(
      search_text, content = 'leads', content_rowid = 'id', tokenize = 'trigram'
    );
    INSERT INTO leads_search (leads_search) VALUES ('rebuild');
    CREATE TRIGGER leads_search_add AFTER INSERT ON leads BEGIN
      INSERT INTO leads_search (rowid, search_text) VALUES (new.id, new.search_text);
    END;
    CREATE TRIGGER leads_search_remove AFTER DELETE ON leads BEGIN
      INSERT INTO leads_search (leads_search, rowid, search_text) VALUES ('delete', old.id, old.search_text);
    END;
    CREATE TRIGGER leads_search_change AFTER UPDATE OF search_text ON leads BEGIN
      INSERT INTO leads_search (leads_search, rowid, search_text) VALUES ('delete', old.id, old.search_text);
      INSERT INTO leads_search (rowid, search_text) VALUES (new.id, new.search_text);
    END;
  `);
}
