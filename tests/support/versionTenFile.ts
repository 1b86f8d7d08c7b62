/**
 * A database file as the release before the folded search text wrote it (schema version 10), with
 * that release's own migrations: its search index folded accents with the trigram tokenizer's
 * remove_diacritics, and its deletes went through FTS5's secure-delete, which marks the index with
 * a format SQLite before 3.42 refuses. The leads are stored as that release stored them; the
 * ones listed as deleted are deleted there, after.
 */
import Database from 'better-sqlite3';
import { migrations } from '../../src/storage/migrations';

export interface OldLead {
  name: string;
  company: string;
  email: string;
}

export function writeVersionTenFile(path: string, leads: readonly OldLead[], deletedIds: readonly number[]): void {
  const db = new Database(path);
  db.pragma('journal_mode = WAL');
  db.pragma('secure_delete = ON');
  for (const step of migrations.slice(0, 10)) {
    if (typeof step === 'string') db.exec(step);
    else step(db);
  }
  db.pragma('user_version = 10');
  const insert = db.prepare(`INSERT INTO leads (created_at, name, company, email, email_key, dedupe_key)
    VALUES (?, ?, ?, ?, ?, ?)`);
  for (const [n, lead] of leads.entries())
    insert.run(`2026-11-01T10:0${n}:00.000Z`, lead.name, lead.company, lead.email, lead.email.toLowerCase(), `k${n}`);
  const remove = db.prepare('DELETE FROM leads WHERE id = ?');
  for (const id of deletedIds) remove.run(id);
  db.close();
}
